import Testing
@testable import TUI

/// The clusters drawn past ncurses (Docs/configuration.md, "Wide characters and emoji"): which
/// they are, and that the bytes written over their placeholders leave every later cell where the
/// canvas has it, whatever width the terminal gives the cluster.
@Suite(.timeLimit(.minutes(10))) struct ClusterOverlayTests {
    /// glibc's wcwidth for the scalars used here (the tests don't depend on the locale).
    static func glibcWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x300...0x36F, 0x200D, 0xFE0F, 0x20E3: 0
        case 0x1F1E6...0x1F1FF, 0x263A, 0x2764, 0x1F3F3: 1 // regional indicators, ☺, ❤, 🏳: neutral
        case 0x1F300...0x1FAFF, 0x3000...0x9FFF: 2
        default: 1
        }
    }

    static let flag = "🇫🇷", family = "👨‍👩‍👧", thumbsUpTone = "👍🏽", smileVS16 = "☺️", keycap = "1️⃣", rainbowFlag = "🏳️‍🌈"
    static let stackedMarks = "e\u{301}\u{302}\u{303}\u{304}\u{305}"

    @Test(arguments: ["a", "é", "漢", "e\u{301}", "e\u{301}\u{302}\u{303}", "─", "👍"])
    func whatNcursesHoldsAndMeasuresAlikeIsGivenToIt(_ text: String) {
        #expect(!ClusterOverlay.isNeeded(Character(text), systemWidth: Self.glibcWidth))
    }

    @Test(arguments: [flag, family, thumbsUpTone, smileVS16, keycap, rainbowFlag, stackedMarks, "🇫", "x\u{200D}"])
    func emojiSequencesStackedMarksAndWidthsNcursesGetsWrongAreDrawnPastIt(_ text: String) {
        #expect(ClusterOverlay.isNeeded(Character(text), systemWidth: Self.glibcWidth))
    }

    @Test func thePlaceholderIsABlankOfTheCanvassWidthThatIsNotASCII() {
        for width in 1...2 {
            let placeholder = ClusterOverlay.placeholder(width: width)
            #expect(DisplayWidth.of(placeholder) == width)
            #expect(Self.glibcWidth(placeholder) == width || width == 2)
            #expect(!placeholder.isASCII)
            #expect(placeholder.properties.isWhitespace)
        }
    }

    @Test func theWidestRenderingIsEachSpacingPartOnItsOwn() {
        #expect(ClusterOverlay.widestRendering(Character(Self.flag)) == 4)
        #expect(ClusterOverlay.widestRendering(Character(Self.family)) == 6)
        #expect(ClusterOverlay.widestRendering(Character(Self.thumbsUpTone)) == 4)
        #expect(ClusterOverlay.widestRendering(Character(Self.smileVS16)) == 2)
        #expect(ClusterOverlay.widestRendering(Character(Self.keycap)) == 2)
        #expect(ClusterOverlay.widestRendering(Character(Self.stackedMarks)) == 2)
    }

    // MARK: The bytes

    /// A canvas with `text` on row 1, and which of its cells hold a placeholder.
    private func frame(_ text: String, width: Int = 30) -> (Canvas, [Bool]) {
        var canvas = Canvas(size: Size(width: width, height: 3))
        canvas.put(text, at: Point(x: 0, y: 1), style: Style(foreground: .red))
        let placeholders = (0..<width * 3).map { index in
            let cell = canvas[index % width, index / width]
            return !cell.isContinuation && ClusterOverlay.isNeeded(cell.character, systemWidth: Self.glibcWidth)
        }
        return (canvas, placeholders)
    }

    private func bytes(_ canvas: Canvas, _ placeholders: [Bool], spans: [ClusterOverlay.Span], columns: Int? = nil) -> String {
        String(decoding: ClusterOverlay.bytes(
            canvas, spans: spans, columns: columns ?? canvas.size.width, cursor: Point(x: 4, y: 2),
            isPlaceholder: { placeholders[$0] }, controls: .ansi), as: UTF8.self)
    }

    @Test func aFlagIsWrittenOverItsPlaceholderThenTheCellsItCouldCoverThenTheCursorPutBack() {
        let (canvas, placeholders) = frame(Self.flag + " France")
        let red = ANSIFrame.sgr(Style(foreground: .red), colors: true)
        let written = bytes(canvas, placeholders, spans: [ClusterOverlay.Span(row: 1, first: 0, last: 8)])
        #expect(written == "\u{1B}[?7l\u{1B}[2;1H\(red)🇫🇷\u{1B}[2;3H\(red) \(red)F\u{1B}[0m\u{1B}[?7h\u{1B}[3;5H")
    }

    @Test func nothingIsWrittenWithoutAClusterInTheChangedColumns() {
        let (canvas, placeholders) = frame("plain " + Self.family + " text")
        #expect(bytes(canvas, placeholders, spans: [ClusterOverlay.Span(row: 1, first: 0, last: 4)]).isEmpty)
        #expect(bytes(canvas, placeholders, spans: [ClusterOverlay.Span(row: 0, first: 0, last: 29)]).isEmpty)
        #expect(bytes(canvas, placeholders, spans: []).isEmpty)
    }

    @Test func anUnchangedClusterBetweenTwoChangesIsWrittenAgain() {
        // ncurses may send an unchanged placeholder again rather than jump over it.
        let (canvas, placeholders) = frame("ab " + Self.family + " cd")
        #expect(bytes(canvas, placeholders, spans: [ClusterOverlay.Span(row: 1, first: 1, last: 7)]).contains(Self.family))
    }

    @Test func nothingIsWrittenPastTheTerminalsLastColumn() {
        let (canvas, placeholders) = frame("abcdefgh" + Self.family)
        #expect(bytes(canvas, placeholders, spans: [ClusterOverlay.Span(row: 1, first: 0, last: 9)], columns: 8).isEmpty)
        let written = bytes(canvas, placeholders, spans: [ClusterOverlay.Span(row: 1, first: 0, last: 9)], columns: 10)
        #expect(written.contains(Self.family))
        #expect(!written.contains("\u{1B}[2;11H"))
    }

    /// Row 1 after ncurses' frame (placeholders) and then the bytes, on a terminal that gives
    /// `cluster` `columns` columns: every other cell is the canvas's, in its column.
    @Test(arguments: [(flag, 1), (flag, 2), (flag, 4), (family, 2), (family, 6), (thumbsUpTone, 4), (smileVS16, 1),
                      (smileVS16, 2), (keycap, 1), (keycap, 2), (stackedMarks, 1), (rainbowFlag, 1), (rainbowFlag, 4)])
    func everyCellAfterAClusterIsInItsPlaceWhateverWidthTheTerminalGivesIt(_ cluster: String, _ columns: Int) {
        let (canvas, placeholders) = frame("<" + cluster + "> wins the cup #18 " + cluster + cluster + "z")
        var screen = ScreenModel(canvas, placeholders: placeholders)
        screen.apply(bytes(canvas, placeholders, spans: [ClusterOverlay.Span(row: 1, first: 0, last: 29)])) { character in
            String(character) == cluster ? columns : DisplayWidth.of(character)
        }
        for x in 0..<canvas.size.width where !placeholders[canvas.size.width + x] && !canvas[x, 1].isContinuation {
            #expect(screen.cells[x] == canvas[x, 1].character && !screen.isCovered(x), "column \(x) of \(screen.text)")
        }
        if columns <= DisplayWidth.of(Character(cluster)) {
            #expect(screen.cells[1] == Character(cluster), "\(screen.text)")
        }
    }
}

/// A terminal's row 1, enough to read the overlay's bytes back: absolute moves, text whose width
/// the test decides, a wide glyph covering the cells after it; writing over any part of a glyph
/// blanks the rest of it (as xterm and tmux do).
private struct ScreenModel {
    private(set) var cells: [Character]
    /// For each cell under the right part of a glyph, the glyph's column.
    private var coveredBy: [Int?]
    private var cursor = 0

    /// The row as ncurses leaves it: each cluster's placeholder in its place.
    init(_ canvas: Canvas, placeholders: [Bool]) {
        let width = canvas.size.width
        cells = (0..<width).map { x in
            placeholders[width + x]
                ? Character(ClusterOverlay.placeholder(width: DisplayWidth.of(canvas[x, 1].character))) : canvas[x, 1].character
        }
        coveredBy = (0..<width).map { canvas[$0, 1].isContinuation ? $0 - 1 : nil }
    }

    func isCovered(_ x: Int) -> Bool { coveredBy[x] != nil }

    var text: String { String(cells.indices.filter { coveredBy[$0] == nil }.map { cells[$0] }) }

    mutating func apply(_ bytes: String, width: (Character) -> Int) {
        var rest = Substring(bytes)
        while let first = rest.first {
            if first == "\u{1B}" {
                let end = rest.firstIndex { $0.isLetter } ?? rest.endIndex
                let sequence = rest[..<end]
                if rest[end] == "H", let column = sequence.split(separator: ";").last.flatMap({ Int($0) }) { cursor = column - 1 }
                rest = rest[rest.index(after: end)...]
                continue
            }
            rest = rest.dropFirst()
            let columns = width(first)
            guard cursor < cells.count else { continue }
            let end = min(cells.count, cursor + columns)
            for x in cursor..<end { breakGlyph(at: x) }
            cells[cursor] = first
            for x in cursor + 1..<max(cursor + 1, end) { coveredBy[x] = cursor }
            cursor = min(cells.count - 1, cursor + columns)
        }
    }

    /// Blanks the glyph that has a part at `x`.
    private mutating func breakGlyph(at x: Int) {
        let head = coveredBy[x] ?? x
        cells[head] = " "
        var next = head + 1
        while next < cells.count, coveredBy[next] == head {
            cells[next] = " "
            coveredBy[next] = nil
            next += 1
        }
        coveredBy[x] = nil
    }
}
