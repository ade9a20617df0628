import CNcurses
import Glibc
import Testing
@testable import TUI

/// A pseudo-terminal: the test plays the user at `master`; ncurses runs on `slave`.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32

    init(size: Size) throws {
        var m: Int32 = -1, s: Int32 = -1
        guard ctui_open_pty(&m, &s) == 0 else { throw TerminalError.cannotStart("no pty (errno \(errno))") }
        master = m
        slave = s
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        resize(to: size)
    }

    deinit {
        close(slave)
        close(master)
    }

    func resize(to size: Size) {
        var ws = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &ws)
    }

    /// Everything the program has written so far.
    func output() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits for typed input to reach the terminal side (an event, not a fixed sleep).
    func waitForInput() {
        var fd = pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
        _ = poll(&fd, 1, 5000)
    }
}

/// ncurses is one global screen per process: these run one at a time.
@Suite(.serialized, .timeLimit(.minutes(10))) struct NcursesTerminalTests {
    @Test func drawsTextWithColoursOnARealTerminal() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        #expect(terminal.size == Size(width: 80, height: 24))
        #expect(terminal.colorMode == .xterm256)
        var canvas = Canvas(size: terminal.size)
        canvas.put("hello 漢字 é", at: Point(x: 2, y: 1), style: Style(foreground: RGB(hex: "#8F1F1F"), bold: true))
        canvas.put("plain", at: Point(x: 0, y: 3), style: Style(background: .blue, dim: true, reverse: true, underline: true))
        canvas.put("👨‍👩‍👧", at: Point(x: 10, y: 3))
        terminal.present(canvas, cursor: Point(x: 5, y: 5))
        let first = pty.output()
        #expect(first.contains("hello 漢字 é"))
        #expect(first.contains("plain"))
        #expect(first.contains("38;5;88")) // #8F1F1F as xterm colour 88
        // Only what changed is sent again.
        canvas.put("world", at: Point(x: 2, y: 1))
        terminal.present(canvas, cursor: nil)
        let second = pty.output()
        #expect(second.contains("world"))
        #expect(!second.contains("plain"))
        // Nothing changed: next to nothing is sent.
        terminal.present(canvas, cursor: nil)
        #expect(!pty.output().contains("world"))
    }

    /// A flag, a family and a skin tone reach the terminal whole, over blanks ncurses places
    /// (Docs/configuration.md, "Wide characters and emoji"), in the cell's colour; the cursor goes
    /// back where ncurses left it; an unchanged cluster is not sent again.
    @Test func clustersNcursesCantHoldReachTheTerminalWholeAfterItsFrame() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        // The background given, so no query follows the frame's last bytes.
        let terminal = NcursesTerminal(
            environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color", background: .dark)
        try terminal.start()
        defer { terminal.stop() }
        var canvas = Canvas(size: terminal.size)
        canvas.put("🇫🇷 France 👨‍👩‍👧 👍🏽 ☺️ end", at: Point(x: 2, y: 1), style: Style(foreground: RGB(hex: "#8F1F1F")))
        terminal.present(canvas, cursor: Point(x: 5, y: 5))
        let first = pty.output()
        let overlay = try #require(first.range(of: "\u{1B}[?7l"), "auto-margin off before the clusters: \(first.debugDescription)")
        let frame = first[..<overlay.lowerBound], clusters = first[overlay.upperBound...]
        // ncurses drew placeholders and the plain text; the clusters come after, whole.
        #expect(frame.contains("\u{3000} France \u{3000} \u{3000} \u{3000} end"))
        for cluster in ["🇫🇷", "👨‍👩‍👧", "👍🏽", "☺️"] {
            #expect(clusters.contains(cluster) && !frame.contains(cluster))
        }
        #expect(clusters.contains("\u{1B}[2;3H")) // the flag's cell
        #expect(clusters.contains("38;5;88")) // its colour, as ncurses sends it
        // The cursor put back at its cell, then shown: never seen over the frame on its way.
        let cursorPlaced = try #require(clusters.range(of: "\u{1B}[?7h\u{1B}[6;6H"), "\(clusters.debugDescription)")
        #expect(clusters[cursorPlaced.upperBound...] == "\u{1B}[?12l\u{1B}[?25h")

        canvas.put("x", at: Point(x: 0, y: 3))
        terminal.present(canvas, cursor: Point(x: 5, y: 5))
        let second = pty.output()
        #expect(second.contains("x") && !second.contains("🇫🇷") && !second.contains("\u{1B}[?7l"))
        canvas.put("☺️", at: Point(x: 2, y: 1))
        terminal.present(canvas, cursor: nil)
        let third = pty.output()
        #expect(third.contains("\u{1B}[2;3H") && third.contains("☺️") && !third.contains("👨"))
    }

    @Test func readsKeysTypedAtTheTerminal() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        #expect(terminal.inputDescriptor == pty.slave)
        #expect(terminal.readKeys().isEmpty) // nothing typed: returns at once
        pty.type("\u{1B}OAq漢\u{03}\u{7F}\r")
        pty.waitForInput()
        #expect(terminal.readKeys() == [.up, .char("q"), .char("漢"), .ctrl("c"), .backspace, .enter])
    }

    @Test func mouseReportingAndBracketedPasteAreOnWhileRunningAndOffAfter() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        #expect(terminal.modes == .standard)
        let started = pty.output()
        #expect(started.contains("\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h"))
        terminal.stop()
        #expect(pty.output().contains(TerminalModes.resetSequence))
        // Without the mouse: paste only, and the same reset on the way out.
        let noMouse = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color", modes: TerminalModes(mouse: false))
        try noMouse.start()
        let quiet = pty.output()
        #expect(quiet.contains("\u{1B}[?2004h") && !quiet.contains("\u{1B}[?1000h"))
        noMouse.stop()
        #expect(pty.output().contains(TerminalModes.resetSequence))
    }

    /// xterm-256color's terminfo names `ESC [ <` as its mouse key and tmux-256color names
    /// `ESC [ M`: either way the reports come out decoded, never as keys.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func sgrReportsAndPastesTypedAtTheTerminalArriveDecoded(terminalType: String) throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: terminalType)
        try terminal.start()
        defer { terminal.stop() }
        pty.type("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<65;1;1Mq\u{1B}[200~a q\r\n\u{1B}OA?\u{1B}[201~\u{1B}OB")
        pty.waitForInput()
        var keys: [Key] = []
        // Everything was typed in one write; a read may still see it in parts.
        for _ in 0..<50 where keys.count < 6 {
            keys += terminal.readKeys()
            if keys.count < 6 { pty.waitForInput() }
        }
        #expect(keys == [
            .mouse(.click(at: Point(x: 9, y: 4))), .mouse(MouseEvent(.release, at: Point(x: 9, y: 4))),
            .mouse(MouseEvent(.wheelDown, at: .zero)), .char("q"), .paste("a q\r\n?"), .down,
        ])
    }

    @Test func resizeArrivesAsAKeyWithTheNewSizeAndRepaints() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        var canvas = Canvas(size: terminal.size)
        canvas.put("before", at: .zero)
        terminal.present(canvas, cursor: nil)
        _ = pty.output()
        pty.resize(to: Size(width: 100, height: 30))
        // The test runner's threads may block signals; let this one take SIGWINCH, so raise()
        // runs the handlers (ncurses' and ours) before it returns.
        var winch = sigset_t()
        sigemptyset(&winch)
        sigaddset(&winch, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &winch, nil)
        raise(SIGWINCH)
        #expect(terminal.readKeys() == [.resize])
        #expect(terminal.size == Size(width: 100, height: 30))
        var bigger = Canvas(size: terminal.size)
        bigger.put("before", at: .zero)
        terminal.present(bigger, cursor: nil)
        #expect(pty.output().contains("before")) // cleared once and drawn in full
    }

    @Test func noColorAndTheFlagSwitchColoursOff() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let viaEnvironment = NcursesTerminal(environment: ["NO_COLOR": "1"], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try viaEnvironment.start()
        #expect(viaEnvironment.colorMode == .none)
        var canvas = Canvas(size: viaEnvironment.size)
        canvas.put("red?", at: .zero, style: Style(foreground: .red, bold: true))
        viaEnvironment.present(canvas, cursor: nil)
        let output = pty.output()
        #expect(output.contains("red?") && !output.contains("38;5;"))
        viaEnvironment.stop()
        let viaFlag = NcursesTerminal(noColorFlag: true, environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm")
        try viaFlag.start()
        #expect(viaFlag.colorMode == .none)
        viaFlag.stop()
        let basic = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm")
        try basic.start()
        #expect(basic.colorMode == .basic8)
        basic.stop()
    }

    @Test func stopEndsCursesOnceAndLeavesTheTerminalAlone() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        var before = termios()
        tcgetattr(pty.slave, &before)
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        terminal.stop() // before start: nothing to do
        try terminal.start()
        try terminal.start() // already started: nothing to do
        var during = termios()
        tcgetattr(pty.slave, &during)
        #expect(during.c_lflag & tcflag_t(ECHO) == 0) // raw, no echo
        terminal.stop()
        terminal.stop()
        var after = termios()
        tcgetattr(pty.slave, &after)
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
        #expect(terminal.readKeys().isEmpty)
        terminal.present(Canvas(size: Size(width: 2, height: 2)), cursor: nil) // ignored once stopped
    }

    /// ncurses flushes at every cursor move until `endwin` has been called once; the terminal
    /// calls it at start, so each frame is one write (Docs/performance.md, "A key press"), and it
    /// resets no colour on the way (no `\e]104`, which would undo a user's palette). A
    /// message-keeping socket takes the output: one message per `write`.
    @Test func eachFrameIsOneWriteAndStartingResetsNoPalette() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        _ = fcntl(pair[1], F_SETFL, fcntl(pair[1], F_GETFL) | O_NONBLOCK)
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pair[0], terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        func writes() -> [String] {
            var messages: [String] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = recv(pair[1], &buffer, buffer.count, 0)
                if count <= 0 { return messages }
                messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
        }
        let started = writes().joined()
        #expect(!started.contains("\u{1B}]104"))
        var canvas = Canvas(size: terminal.size)
        for row in 0..<terminal.size.height { canvas.put("row \(row) of a frame", at: Point(x: row, y: row), style: .bold) }
        terminal.present(canvas, cursor: nil)
        let first = writes().filter { !$0.hasPrefix("\u{1B}]11;") } // the background question, after the frame
        // Curses taking the terminal back (the alternate screen, the keypad), then the frame.
        #expect(first.count <= 3, "the first frame in \(first.count) writes")
        #expect(first.dropLast().allSatisfy { !$0.contains("row") }, "\(first.map(\.debugDescription))")
        #expect((0..<terminal.size.height).allSatisfy { first.last?.contains("row \($0) of a frame") == true })
        canvas.put("moved", at: Point(x: 40, y: 3))
        canvas.put("and here", at: Point(x: 10, y: 20))
        terminal.present(canvas, cursor: nil)
        let second = writes()
        #expect(second.count == 1 && second.first?.contains("moved") == true && second.first?.contains("and here") == true)
    }

    @Test func anUnknownTerminalTypeIsAnError() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "no-such-terminal-type")
        let error = #expect(throws: TerminalError.self) { try terminal.start() }
        // The context once: the program prints the error as it is, after its own name.
        #expect(error?.description == "cannot start the terminal: ncurses could not initialise TERM=no-such-terminal-type")
    }
}
