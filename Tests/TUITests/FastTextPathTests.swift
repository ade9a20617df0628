import Core
import Testing
@testable import TUI

/// The fast paths of measuring, wrapping and drawing text (a byte or a scalar at a time, where
/// each scalar is a grapheme of its own; Docs/performance.md, "A key press") give exactly what
/// the grapheme-by-grapheme paths give, on random text that mixes what they take with what
/// they must hand over.
@Suite(.timeLimit(.minutes(10))) struct FastTextPathTests {
    /// Printable ASCII, tabs and newlines, Latin, arrows and box drawing (the fast paths'), and
    /// what they hand over: combining marks, a ZWJ, VS16, a skin tone, a flag's letters, CR,
    /// an escape, wide CJK and emoji.
    static let alphabet: [String] = [
        "a", "b", "Z", "0", " ", " ", "  ", "\t", "\n", ".", "-", "é", "ß", "·", "—", "…", "→", "▸", "│", "⌚",
        "\u{301}", "\u{200D}", "\u{FE0F}", "\u{1F3FD}", "\u{1F1EB}", "\r", "\u{1B}", "漢", "😀", "\u{2060}",
    ]

    static func randomText(_ random: inout SeededRandom, fastOnly: Bool) -> String {
        let letters = fastOnly ? Array(alphabet.prefix(20)) : alphabet
        return (0..<Int.random(in: 0...40, using: &random)).map { _ in letters.randomElement(using: &random)! }.joined()
    }

    @Test func wrappingTakesTheSameLinesAsGraphemeByGrapheme() {
        var random = SeededRandom(seed: 37)
        for round in 0..<3000 {
            let text = Self.randomText(&random, fastOnly: round % 2 == 0)
            let width = Int.random(in: 1...12, using: &random)
            let limit = Int.random(in: 1...6, using: &random)
            let fast = TextLayout.wrap(text, width: width)
            #expect(fast == TextLayout.wrapByGraphemes(text, width: width, stoppingAfter: .max), "\(text.debugDescription) at \(width)")
            #expect(TextLayout.lines(text, width: width, maxLines: limit).count <= limit)
        }
    }

    @Test func measuringGivesTheSumOfTheGraphemesWidths() {
        var random = SeededRandom(seed: 38)
        for round in 0..<3000 {
            let text = Self.randomText(&random, fastOnly: round % 2 == 0)
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.debugDescription)")
        }
    }

    @Test func drawingPrintableASCIIWritesACellAByteInsideTheClipAndReturnsTheColumnAfter() {
        var random = SeededRandom(seed: 39)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...30, using: &random)).map { _ in ["a", "b", " ", "~", "#"].randomElement(using: &random)! }.joined()
            let x = Int.random(in: -5...25, using: &random)
            let clip = Rect(x: Int.random(in: 0...8, using: &random), y: 0, width: Int.random(in: 0...15, using: &random), height: 2)
            var canvas = Canvas(size: Size(width: 20, height: 2))
            #expect(canvas.put(text, at: Point(x: x, y: 1), style: .bold, clipTo: clip) == x + text.count)
            let area = clip.intersection(canvas.bounds)
            for column in 0..<20 {
                let offset = column - x
                let written = area.contains(Point(x: column, y: 1)) && offset >= 0 && offset < text.count
                let expected = written ? Cell(Array(text)[offset], style: .bold) : Cell.blank
                #expect(canvas[column, 1] == expected, "\(text.debugDescription) at \(x) in \(clip)")
            }
        }
    }

    @Test func aClusterIsKeptByItsExactScalarsAndOneScalarIsNoEntry() {
        let composed = Glyph(Character("é")), decomposed = Glyph(Character("e\u{301}"))
        #expect(composed.scalar == "é" && decomposed.scalar == nil)
        #expect(composed != decomposed)  // the terminal is sent other bytes
        #expect(decomposed == Glyph(Character("e\u{301}")) && decomposed.character.unicodeScalars.map(\.value) == [0x65, 0x301])
        let family = Character("👨\u{200D}👩\u{200D}👧")
        #expect(Glyph(family).character.unicodeScalars.elementsEqual(family.unicodeScalars))
        var bytes: [UInt8] = []
        Glyph(family).forEachUTF8Byte { bytes.append($0) }
        #expect(bytes == Array(String(family).utf8))
        bytes = []
        Glyph(Character("漢")).forEachUTF8Byte { bytes.append($0) }
        #expect(bytes == Array("漢".utf8))
    }
}

/// `Canvas.draw` of a canvas that fits copies its rows, and `fill` with a narrow character
/// stores whole rows (Docs/performance.md, "A key press"): the same cells as placing each
/// character, wide ones and the ones they cut included.
@Suite(.timeLimit(.minutes(10))) struct CanvasCopyTests {
    static func randomCanvas(_ random: inout SeededRandom, size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        for _ in 0..<(size.width * size.height / 2) {
            let text = ["a", "漢", "b", " ", "😀", "é"][random.next(6)]
            let style = [Style.plain, .bold, Style(background: RGB(1, 2, 3))][random.next(3)]
            canvas.put(text, at: Point(x: random.next(size.width), y: random.next(size.height)), style: style)
        }
        return canvas
    }

    @Test func aCanvasThatFitsIsCopiedAsIfEachCharacterWerePlaced() {
        var random = SeededRandom(seed: 40)
        for _ in 0..<500 {
            let target = Self.randomCanvas(&random, size: Size(width: 12, height: 4))
            let other = Self.randomCanvas(&random, size: Size(width: 1 + random.next(8), height: 1 + random.next(3)))
            let origin = Point(x: random.next(12 - other.size.width + 1), y: random.next(4 - other.size.height + 1))
            var copied = target, placed = target
            copied.draw(other, at: origin)
            for y in 0..<other.size.height {
                for x in 0..<other.size.width where !other[x, y].isContinuation {
                    placed.put(String(other[x, y].character), at: Point(x: origin.x + x, y: origin.y + y), style: other[x, y].style)
                }
            }
            #expect(copied == placed, "\(other.lines) at \(origin) over \(target.lines)")
        }
    }

    @Test func fillingWithANarrowCharacterIsPlacingItInEachCell() {
        var random = SeededRandom(seed: 42)
        for round in 0..<500 {
            let canvas = Self.randomCanvas(&random, size: Size(width: 12, height: 4))
            let rect = Rect(x: random.next(14) - 1, y: random.next(5) - 1, width: random.next(14), height: random.next(5))
            let character: Character = round % 2 == 0 ? " " : "─"
            let style = Style(bold: round % 3 == 0, reverse: true)
            var filled = canvas, placed = canvas
            filled.fill(rect, with: character, style: style)
            let area = rect.intersection(canvas.bounds)
            for y in area.minY..<max(area.minY, area.maxY) {
                for x in area.minX..<max(area.minX, area.maxX) {
                    placed.put(String(character), at: Point(x: x, y: y), style: style)
                }
            }
            #expect(filled == placed, "\(rect) over \(canvas.lines)")
        }
    }
}

extension FastTextPathTests {
    @Test func drawingTextOfSimpleScalarsFillsTheCellsTheGraphemePathFills() {
        var random = SeededRandom(seed: 41)
        for round in 0..<2000 {
            let text = Self.randomText(&random, fastOnly: round % 2 == 0)
            let x = random.next(30) - 5
            let area = Rect(x: random.next(8), y: 0, width: 1 + random.next(14), height: 2).intersection(Rect(x: 0, y: 0, width: 20, height: 2))
            var fast = Canvas(size: Size(width: 20, height: 2)), graphemes = fast
            let end = fast.put(text, at: Point(x: x, y: 1), style: .bold, clipTo: area)
            #expect(end == graphemes.putByGraphemes(text, at: Point(x: x, y: 1), style: .bold, in: area))
            #expect(fast == graphemes, "\(text.debugDescription) at \(x) in \(area)")
        }
    }
}

extension FastTextPathTests {
    @Test func theClusterTableRefusesNewClustersOnceFullAndStillFindsItsOwn() {
        let table = ClusterTable(capacity: 2)
        let clusters: [Character] = ["e\u{301}", "a\u{300}", "o\u{302}"]
        let first = table.entry(for: clusters[0].unicodeScalars), second = table.entry(for: clusters[1].unicodeScalars)
        #expect(first == 0 && second == 1)
        #expect(table.entry(for: clusters[2].unicodeScalars) == nil, "full")
        #expect(table.entry(for: clusters[0].unicodeScalars) == 0, "known clusters are still found")
        #expect(table.character(1).unicodeScalars.elementsEqual(clusters[1].unicodeScalars))
    }
}
