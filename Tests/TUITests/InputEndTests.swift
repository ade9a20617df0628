import CNcurses
import Glibc
import Testing
@testable import TUI

/// An app that draws one line and records nothing.
private final class Blank: TerminalApp {
    typealias Message = String
    func handle(_ key: Key, _ context: RunContext<String>) {}
    func handle(_ message: String, _ context: RunContext<String>) {}
    func render(into canvas: inout Canvas) -> Point? {
        canvas.put("running", at: .zero)
        return nil
    }
}

/// The end of the terminal's input ends the loop at once (Docs/configuration.md, exit status
/// 1), whether or not a hang-up says so; and terminfo is asked about a terminal type without
/// starting curses. Part of the serialized ncurses suite.
extension NcursesTerminalTests {
    /// Turns the loop until it ends, at most `turns` times: a loop that spins on an ended input
    /// gives nil here instead of hanging the test.
    private func run(_ loop: EventLoop<Blank>, turns: Int = 20) -> EventLoopExit? {
        for _ in 0..<turns {
            if let exit = loop.step() { return exit }
        }
        return nil
    }

    /// `/dev/null` polls readable for ever and every read gives 0 bytes, with no hang-up: the
    /// loop used to wake again at once, for ever, at full CPU.
    @Test func anInputAtEndOfFileWithoutAHangUpEndsTheLoop() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        try #require(null >= 0)
        defer { close(null) }
        let terminal = NcursesTerminal(environment: [:], input: null, output: pty.slave, terminalType: "xterm-256color")
        let loop = try EventLoop(app: Blank(), terminal: terminal, configuration: .init(handlesSignals: false), time: .system)
        try loop.start()
        defer { loop.stop() }
        #expect(pty.output().contains("running"))
        #expect(run(loop) == .inputClosed)
    }

    /// The user's terminal window closes: the pseudo-terminal's master goes away.
    @Test func aPseudoTerminalWhoseMasterClosesEndsTheLoop() throws {
        var master: Int32 = -1, slave: Int32 = -1
        try #require(ctui_open_pty(&master, &slave) == 0)
        defer { close(slave) }
        var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let terminal = NcursesTerminal(environment: [:], input: slave, output: slave, terminalType: "xterm-256color")
        let loop = try EventLoop(app: Blank(), terminal: terminal, configuration: .init(handlesSignals: false), time: .system)
        try loop.start()
        defer { loop.stop() }
        close(master)
        #expect(run(loop) == .inputClosed)
    }

    /// Typed keys are not the end: the loop goes on while input comes.
    @Test func inputThatKeepsComingIsNotTheEnd() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        let loop = try EventLoop(app: Blank(), terminal: terminal, configuration: .init(handlesSignals: false), time: .system)
        try loop.start()
        defer { loop.stop() }
        for _ in 0..<3 {
            pty.type("x")
            #expect(loop.step() == nil)
        }
        pty.type("\u{03}")
        #expect(loop.step() == .quit)
    }

    @Test func terminfoIsAskedWithoutStartingCurses() {
        #expect(TerminalCheck.terminfoEntry("xterm-256color") == .usable)
        #expect(TerminalCheck.terminfoEntry("tmux-256color") == .usable)
        #expect(TerminalCheck.terminfoEntry("dumb") == .cannotAddressCursor)
        #expect(TerminalCheck.terminfoEntry("no-such-terminal-type") == .missing)
        #expect(TerminalCheck.terminfoEntry("../x/xterm") == .missing)
    }

    /// A look-up while a terminal runs leaves that terminal's entry current.
    @Test func aLookUpLeavesARunningTerminalAlone() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        _ = pty.output()
        #expect(TerminalCheck.terminfoEntry("dumb") == .cannotAddressCursor)
        var canvas = Canvas(size: terminal.size)
        canvas.put("still drawing", at: Point(x: 3, y: 2))
        terminal.present(canvas, cursor: Point(x: 1, y: 1))
        let output = pty.output()
        #expect(output.contains("still drawing"))
        #expect(output.contains("\u{1B}[3;4H"), "cursor addressing still comes from xterm-256color")
    }
}
