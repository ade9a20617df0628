import Glibc
import Testing
@testable import TUI

/// The screen-reader mode's terminal reads keys as characters: one cut by the end of a read
/// waits for the next, and a key's sequence is read by the decoder as on the full screen.
@Suite(.timeLimit(.minutes(10))) struct TranscriptTerminalTests {
    @Test func aCharacterCutByTheReadIsReadWholeWithTheNextOne() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = TranscriptTerminal(input: pty.slave, output: pty.slave)
        try terminal.start()
        defer { terminal.stop() }
        let han = Array("漢".utf8)
        pty.type("a")
        _ = han.prefix(2).withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
        pty.waitForInput()
        #expect(terminal.readKeys() == [.char("a")])
        _ = han.suffix(1).withUnsafeBytes { write(pty.master, $0.baseAddress, $0.count) }
        pty.waitForInput()
        #expect(terminal.readKeys() == [.char("漢")])
        pty.type("\u{1B}[B1")
        pty.waitForInput()
        #expect(terminal.readKeys() == [.down, .char("1")])
        #expect(!terminal.inputHasEnded)
    }
}
