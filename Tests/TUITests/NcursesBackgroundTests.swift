import CNcurses
import Glibc
import Testing
@testable import TUI

/// The background query on a real terminal (a pseudo-terminal): asked after the first frame,
/// never before it; the answer read as one key within its time limit; not asked when the
/// setting or `COLORFGBG` already says. Part of the serialized ncurses suite.
extension NcursesTerminalTests {
    static let query = "\u{1B}]11;?\u{1B}\\"

    @Test func theBackgroundIsAskedAfterTheFirstFrameAndTheAnswerIsOneKey() throws {
        let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        #expect(!pty.output().contains(Self.query), "nothing is asked before the first frame")
        var canvas = Canvas(size: terminal.size)
        canvas.put("first frame", at: .zero, style: Style(foreground: RGB(20, 20, 20)))
        terminal.present(canvas, cursor: nil)
        let written = pty.output()
        let frame = try #require(written.range(of: "first frame"))
        let query = try #require(written.range(of: Self.query))
        #expect(frame.upperBound <= query.lowerBound, "the query follows the frame's bytes")
        // Near-black text on the dark default background is drawn white: readable.
        #expect(written.contains("38;5;231") || written.contains("38;5;15") || written.contains("97m"), "\(written.debugDescription)")
        #expect(terminal.background == .dark)

        terminal.timePassed(.seconds(10))
        pty.type("\u{1B}]11;rgb:ffff/ffff/ffff\u{7}")
        pty.waitForInput()
        terminal.timePassed(.seconds(11))
        #expect(terminal.readKeys() == [.background(.light)])
        #expect(terminal.background == .light)
        #expect(terminal.startBackground == .dark)
        // On the light background the same text is readable as it is: every cell is sent again.
        terminal.present(canvas, cursor: nil)
        let again = pty.output()
        #expect(again.contains("first frame"))
        #expect(again.contains("38;5;233"), "\(again.debugDescription)")
    }

    @Test func anAnswerAfterItsTimeLimitIsDroppedWhole() throws {
        let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        terminal.present(Canvas(size: terminal.size), cursor: nil)
        terminal.timePassed(.seconds(1))
        terminal.timePassed(.seconds(3))
        pty.type("\u{1B}]11;rgb:ffff/ffff/ffff\u{7}q")
        pty.waitForInput()
        #expect(terminal.readKeys() == [.char("q")])
        #expect(terminal.background == .dark)
    }

    @Test(arguments: [
        (["COLORFGBG": "0;15"], nil, "xterm-256color", TerminalBackground.light),
        ([:], TerminalBackground.light, "xterm-256color", .light),
        (["COLORFGBG": "0;15"], TerminalBackground.dark, "xterm-256color", .dark),
        ([:], nil, "linux", .dark),
        ([:], nil, "screen-256color", .dark),
    ] as [([String: String], TerminalBackground?, String, TerminalBackground)])
    func noQueryWhenTheSettingOrTheEnvironmentSaysOrTheTerminalCantAnswer(
        environment: [String: String], setting: TerminalBackground?, type: String, expected: TerminalBackground
    ) throws {
        let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
        let terminal = NcursesTerminal(
            environment: environment, input: pty.slave, output: pty.slave, terminalType: type, background: setting)
        try terminal.start()
        defer { terminal.stop() }
        terminal.present(Canvas(size: terminal.size), cursor: nil)
        #expect(!pty.output().contains(Self.query))
        #expect(terminal.background == expected && terminal.startBackground == expected)
    }
}
