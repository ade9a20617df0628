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

    /// The colours the terminal shows for the cell at (`x`, `y`), after everything written to it.
    static func shownColors(_ screen: TerminalScreen, x: Int, y: Int) -> (Int32, Int32) {
        (screen[x, y].foreground, screen[x, y].background)
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
        var screen = TerminalScreen(size: terminal.size)
        func paint() {
            for (x, combination) in expected.enumerated() {
                canvas.put("▀", at: Point(x: x, y: 0), style: Self.style(combination))
            }
            terminal.present(canvas, cursor: nil)
            screen.feed(pty.output())
        }
        paint() // 63 combinations: every pair in use
        for x in 0..<17 { expected[x] = Self.combinations[63 + x] } // the other 17 replace the first 17
        paint()
        expected[20] = Self.combinations[0] // a combination whose pair was recycled comes back
        paint()
        for (x, combination) in expected.enumerated() {
            #expect(Self.shownColors(screen, x: x, y: 0) == combination, "cell \(x)")
        }
    }

    @Test func runningOutOfPairsLeavesTheCellsAlreadyShownAlone() throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: "xterm")
        try terminal.start()
        defer { terminal.stop() }
        var canvas = Canvas(size: terminal.size)
        var screen = TerminalScreen(size: terminal.size)
        for (x, combination) in Self.combinations.enumerated() {
            canvas.put("▀", at: Point(x: x, y: 1), style: Self.style(combination))
        }
        terminal.present(canvas, cursor: nil) // 80 combinations, 63 pairs
        screen.feed(pty.output())
        for (x, combination) in Self.combinations.prefix(63).enumerated() {
            #expect(Self.shownColors(screen, x: x, y: 1) == combination, "cell \(x)")
        }
        // The last 17 share the nearest pair: some colour, never the terminal's default colours.
        for x in 63..<80 {
            #expect(Self.shownColors(screen, x: x, y: 1) != (-1, -1), "cell \(x)")
        }
        // Clearing some cells frees their pairs for the combinations still waiting.
        canvas.fill(Rect(x: 0, y: 1, width: 40, height: 1))
        terminal.present(canvas, cursor: nil)
        canvas.fill(Rect(x: 0, y: 1, width: 80, height: 1))
        for (x, combination) in Self.combinations.suffix(17).enumerated() {
            canvas.put("▄", at: Point(x: x, y: 1), style: Self.style(combination))
        }
        terminal.present(canvas, cursor: nil)
        screen.feed(pty.output())
        for (x, combination) in Self.combinations.suffix(17).enumerated() {
            #expect(Self.shownColors(screen, x: x, y: 1) == combination, "cell \(x)")
        }
        // The cells cleared are blank in the terminal's own colours.
        for x in 17..<80 {
            #expect(screen[x, 1].text == " " && Self.shownColors(screen, x: x, y: 1) == (-1, -1), "cell \(x): \(screen.row(1))")
        }
    }
}

/// The frame is written past ncurses' `doupdate` (FrameOutput), one rendition change at a time:
/// every change between two neighbouring cells, attributes and colours on and off in each
/// order, must reach the screen as the second cell's own rendition.
extension NcursesTerminalTests {
    @Test(arguments: ["xterm", "xterm-256color", "screen-256color", "linux"])
    func everyChangeOfRenditionBetweenTwoCellsReachesTheScreen(_ type: String) throws {
        let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
        let terminal = NcursesTerminal(environment: [:], input: pty.slave, output: pty.slave, terminalType: type, background: .dark)
        try terminal.start()
        defer { terminal.stop() }
        let red: Int32 = 1, blue: Int32 = 4
        func color(_ index: Int32) -> RGB? { index < 0 ? nil : Theme.ansi16[Int(index)] }
        let renditions: [(bold: Bool, reverse: Bool, foreground: Int32, background: Int32)] = [
            (false, false, -1, -1), (true, false, -1, -1), (true, false, red, blue), (true, false, -1, -1),
            (false, false, red, -1), (false, false, -1, -1), (false, false, -1, blue), (true, false, -1, blue),
            (false, false, -1, blue), (false, true, red, -1), (false, false, red, -1), (true, true, -1, -1),
            (false, false, -1, -1),
        ]
        func style(_ index: Int) -> Style {
            let r = renditions[index]
            return Style(foreground: color(r.foreground), background: color(r.background), bold: r.bold, reverse: r.reverse)
        }
        var canvas = Canvas(size: terminal.size)
        var screen = TerminalScreen(size: terminal.size)
        // First each on its own, from the plain rendition, as the terminal's colour numbers for
        // them are its own (a 256-colour entry shows red as 160): what each must look like.
        for index in renditions.indices { canvas.put("▀", at: Point(x: 2 * index, y: 0), style: style(index)) }
        terminal.present(canvas, cursor: nil)
        screen.feed(pty.output())
        let looks = renditions.indices.map { index in
            let shown = screen[2 * index, 0]
            return (shown.bold, shown.reverse, shown.foreground, shown.background)
        }
        for (index, r) in renditions.enumerated() {
            #expect(looks[index].0 == r.bold && looks[index].1 == r.reverse, "\(type): rendition \(index)")
            #expect((looks[index].2 == -1) == (r.foreground == -1) && (looks[index].3 == -1) == (r.background == -1), "\(type): rendition \(index)")
        }
        // Then each after each other, as neighbours, so every transition is met at least once.
        var sequence: [Int] = []
        for first in renditions.indices { for second in renditions.indices where second != first { sequence += [first, second] } }
        func paint(from start: Int) {
            for (offset, index) in sequence[start...].prefix(terminal.size.width * (terminal.size.height - 2)).enumerated() {
                canvas.put("▀", at: Point(x: offset % terminal.size.width, y: 1 + offset / terminal.size.width), style: style(index))
            }
            terminal.present(canvas, cursor: nil)
            screen.feed(pty.output())
            for (offset, index) in sequence[start...].prefix(terminal.size.width * (terminal.size.height - 2)).enumerated() {
                let shown = screen[offset % terminal.size.width, 1 + offset / terminal.size.width]
                #expect(
                    (shown.bold, shown.reverse, shown.foreground, shown.background) == looks[index],
                    "\(type): cell \(offset), rendition \(index) after \(offset > 0 ? sequence[start + offset - 1] : -1)")
            }
        }
        paint(from: 0)
        paint(from: 1) // every cell changed again, each against the other neighbour
    }
}
