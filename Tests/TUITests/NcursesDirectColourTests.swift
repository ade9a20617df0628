import CNcurses
import Glibc
import Testing
@testable import TUI

/// Direct-colour terminal types on a real ncurses screen: the exact RGB goes out, never a palette
/// index read as RGB. Part of the serialized ncurses suite (one screen per process).
extension NcursesTerminalTests {
    @Test func aDirectColourTypeGetsTheExactColours() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm-direct")
        try terminal.start()
        defer { terminal.stop() }
        #expect(terminal.colorMode == .direct)
        #expect(terminal.directColorType == nil)
        var canvas = Canvas(size: terminal.size)
        canvas.put("yellow", at: Point(x: 0, y: 0), style: Style(foreground: RGB(hex: "#8F1F1F"), background: RGB(hex: "#FFFF66")))
        // (Two cells: black text on near-black would be drawn white, kept readable.)
        canvas.put("black", at: Point(x: 0, y: 1), style: Style(foreground: .black, background: RGB(hex: "#FFFF66")))
        canvas.put("navy", at: Point(x: 0, y: 2), style: Style(foreground: .white, background: RGB(0, 0, 5)))
        terminal.present(canvas, cursor: nil)
        let output = pty.output()
        var screen = TerminalScreen(size: terminal.size)
        screen.feed(output)
        #expect(output.contains("38:2::143:31:31"))
        #expect(output.contains("48:2::255:255:102"))
        // Black and (0, 0, 5) would be numbers below 8, sent as re-themed palette colours.
        #expect(output.contains("38:2::1:0:0"))
        #expect(output.contains("48:2::1:0:5"))
        #expect(!output.contains("\u{1B}[30m") && !output.contains("\u{1B}[40m"))
        #expect(!output.contains("38;5;") && !output.contains("48;5;"))
        #expect(Self.shownColors(screen, x: 0, y: 0) == (Int32(0x8F1F1F), Int32(0xFFFF66)))
    }

    @Test func trueColourUnderAPaletteTypeOpensItsDirectTwin() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(
            environment: ["COLORTERM": "truecolor"], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        #expect(terminal.directColorType == "xterm-direct")
        #expect(terminal.colorMode == .direct)
        var canvas = Canvas(size: terminal.size)
        canvas.put("green", at: Point(x: 0, y: 0), style: Style(background: RGB(hex: "#2F855A")))
        terminal.present(canvas, cursor: nil)
        #expect(pty.output().contains("48:2::47:133:90"))
    }

    @Test func trueColourWithoutADirectTwinKeepsThePalette() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        // No `linux-direct` entry exists.
        let terminal = NcursesTerminal(environment: ["COLORTERM": "24bit"], input: pty.slave, output: pty.slave, terminalType: "linux")
        try terminal.start()
        defer { terminal.stop() }
        #expect(terminal.directColorType == nil)
        #expect(terminal.colorMode == .basic8)
        _ = pty.output()
    }

    @Test func noTrueColourClaimKeepsTheNamedType() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: ["COLORTERM": "yes"], input: pty.slave, output: pty.slave, terminalType: "xterm-256color")
        try terminal.start()
        defer { terminal.stop() }
        #expect(terminal.directColorType == nil)
        #expect(terminal.colorMode == .xterm256)
        _ = pty.output()
    }
}
