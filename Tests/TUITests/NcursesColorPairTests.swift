import CNcurses
import Glibc
import Testing
@testable import TUI

/// Colour pairs on a real ncurses screen (a pseudo-terminal): `xterm` has 8 colours and 64
/// pairs, so 63 combinations fill them. Part of the serialized ncurses suite. The cells are
/// block elements, drawn in exactly their colours (text would be kept readable instead:
/// `ReadableForeground`).
extension NcursesTerminalTests {
    /// Every (foreground, background) combination of the 8 colours and the default (-1),
    /// the default-on-default one aside: 80 of them.
    static let combinations: [(Int32, Int32)] = (Int32(-1)...7).flatMap { fg in (Int32(-1)...7).map { (fg, $0) } }
        .filter { $0 != (-1, -1) }

    static func style(_ combination: (Int32, Int32)) -> Style {
        func color(_ index: Int32) -> RGB? { index < 0 ? nil : Theme.ansi16[Int(index)] }
        return Style(foreground: color(combination.0), background: color(combination.1))
    }

    /// The colours ncurses will show for the cell at (`x`, `y`).
    static func shownColors(x: Int, y: Int) -> (Int32, Int32) {
        var glyph = cchar_t()
        mvwin_wch(ctui_stdscr(), Int32(y), Int32(x), &glyph)
        var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
        var attributes: attr_t = 0
        var shortPair: Int16 = 0
        var pair: Int32 = 0
        _ = getcchar(&glyph, &characters, &attributes, &shortPair, &pair)
        var fg: Int32 = 0, bg: Int32 = 0
        extended_pair_content(pair, &fg, &bg)
        return (fg, bg)
    }

    @Test func recycledPairsNeverRecolourCellsOnScreen() throws {
        // ncurses itself hands out one pair per combination, past COLOR_PAIRS, until the last
        // of the 80 (on `xterm`), when alloc_pair recycles its least recently used pair: the
        // old cache of alloc_pair's answers then gave that pair's number for its old colours.
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm")
        try terminal.start()
        defer { terminal.stop() }
        #expect(ctui_color_pairs() == 64)
        var expected = Array(Self.combinations.prefix(63))
        var canvas = Canvas(size: terminal.size)
        func paint() {
            for (x, combination) in expected.enumerated() {
                canvas.put("▀", at: Point(x: x, y: 0), style: Self.style(combination))
            }
            terminal.present(canvas, cursor: nil)
        }
        paint() // 63 combinations: every pair in use
        for x in 0..<17 { expected[x] = Self.combinations[63 + x] } // the other 17 replace the first 17
        paint()
        expected[20] = Self.combinations[0] // a combination whose pair was recycled comes back
        paint()
        for (x, combination) in expected.enumerated() {
            #expect(Self.shownColors(x: x, y: 0) == combination, "cell \(x)")
        }
        _ = pty.output()
    }

    @Test func runningOutOfPairsLeavesTheCellsAlreadyShownAlone() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm")
        try terminal.start()
        defer { terminal.stop() }
        var canvas = Canvas(size: terminal.size)
        for (x, combination) in Self.combinations.enumerated() {
            canvas.put("▀", at: Point(x: x, y: 1), style: Self.style(combination))
        }
        terminal.present(canvas, cursor: nil) // 80 combinations, 63 pairs
        for (x, combination) in Self.combinations.prefix(63).enumerated() {
            #expect(Self.shownColors(x: x, y: 1) == combination, "cell \(x)")
        }
        // The last 17 share the nearest pair: some colour, never the terminal's default pair.
        for x in 63..<80 {
            var glyph = cchar_t()
            mvwin_wch(ctui_stdscr(), 1, Int32(x), &glyph)
            var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
            var attributes: attr_t = 0, shortPair: Int16 = 0, pair: Int32 = 0
            _ = getcchar(&glyph, &characters, &attributes, &shortPair, &pair)
            #expect(pair > 0, "cell \(x)")
        }
        // Clearing some cells frees their pairs for the combinations still waiting.
        canvas.fill(Rect(x: 0, y: 1, width: 40, height: 1))
        terminal.present(canvas, cursor: nil)
        canvas.fill(Rect(x: 0, y: 1, width: 80, height: 1))
        for (x, combination) in Self.combinations.suffix(17).enumerated() {
            canvas.put("▄", at: Point(x: x, y: 1), style: Self.style(combination))
        }
        terminal.present(canvas, cursor: nil)
        for (x, combination) in Self.combinations.suffix(17).enumerated() {
            #expect(Self.shownColors(x: x, y: 1) == combination, "cell \(x)")
        }
        _ = pty.output()
    }
}
