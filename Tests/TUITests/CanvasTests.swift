import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct CanvasTests {
    @Test func putWritesTextAndReturnsTheNextColumn() {
        var canvas = Canvas(size: Size(width: 10, height: 2))
        let end = canvas.put("hello", at: Point(x: 1, y: 0), style: .bold)
        #expect(end == 6)
        #expect(canvas.lines == [" hello", ""])
        #expect(canvas.style(at: Point(x: 1, y: 0)) == .bold)
        #expect(canvas.style(at: Point(x: 6, y: 0)) == .plain)
    }

    @Test func textBeyondTheRightEdgeIsClippedNotWrapped() {
        var canvas = Canvas(size: Size(width: 5, height: 2))
        canvas.put("abcdefgh", at: Point(x: 2, y: 0))
        #expect(canvas.lines == ["  abc", ""])
    }

    @Test func textStartingLeftOfTheCanvasShowsItsVisiblePart() {
        var canvas = Canvas(size: Size(width: 5, height: 1))
        canvas.put("abcdef", at: Point(x: -3, y: 0))
        #expect(canvas.lines == ["def"])
    }

    @Test func rowsOutsideTheCanvasAreIgnored() {
        var canvas = Canvas(size: Size(width: 5, height: 1))
        #expect(canvas.put("abc", at: Point(x: 0, y: 3)) == 3)
        canvas.put("abc", at: Point(x: 0, y: -1))
        #expect(canvas.lines == [""])
    }

    @Test func clipRectLimitsDrawing() {
        var canvas = Canvas(size: Size(width: 10, height: 3))
        let clip = Rect(x: 2, y: 1, width: 4, height: 1)
        canvas.put("abcdefgh", at: Point(x: 0, y: 1), clipTo: clip)
        canvas.put("zzzz", at: Point(x: 2, y: 0), clipTo: clip)
        #expect(canvas.lines == ["", "  cdef", ""])
    }

    @Test func wideCharactersTakeTwoCells() {
        var canvas = Canvas(size: Size(width: 10, height: 1))
        let end = canvas.put("漢字a", at: .zero)
        #expect(end == 5)
        #expect(canvas[0, 0].character == "漢" && !canvas[0, 0].isContinuation)
        #expect(canvas[1, 0].isContinuation)
        #expect(canvas[2, 0].character == "字")
        #expect(canvas[4, 0].character == "a")
        #expect(canvas.lines == ["漢字a"])
    }

    @Test func emojiTakeTwoCells() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        #expect(canvas.put("🎉x", at: .zero) == 3)
        #expect(canvas[1, 0].isContinuation && canvas[2, 0].character == "x")
    }

    @Test func aWideCharacterThatDoesNotFitAtTheEdgeIsNotHalfDrawn() {
        var canvas = Canvas(size: Size(width: 5, height: 1))
        canvas.put("ab漢字", at: .zero)
        #expect(canvas.lines == ["ab漢"])
        #expect(canvas[4, 0] == .blank)
        var clipped = Canvas(size: Size(width: 10, height: 1))
        clipped.put("a漢", at: .zero, clipTo: Rect(x: 0, y: 0, width: 2, height: 1))
        #expect(clipped.lines == ["a"])
    }

    @Test func aWideCharacterCutByTheLeftEdgeLeavesABlank() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.fill(canvas.bounds, with: "x")
        canvas.put("漢b", at: Point(x: -1, y: 0), style: .bold)
        #expect(canvas.lines == [" bxx"])
        #expect(canvas.style(at: .zero) == .bold)
    }

    @Test func combiningMarksStayWithTheirBase() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        let end = canvas.put("e\u{301}a\u{308}!", at: .zero)
        #expect(end == 3)
        #expect(canvas[0, 0].character == "é")
        #expect(canvas[1, 0].character == "ä")
        #expect(canvas.lines == ["éä!"])
    }

    @Test func controlCharactersAreDroppedSoTheyNeverReachTheTerminal() {
        var canvas = Canvas(size: Size(width: 10, height: 1))
        canvas.put("a\u{1B}[2Jb\nc\td", at: .zero)
        #expect(canvas.lines == ["a[2Jbcd"])
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("漢字", at: .zero)
        canvas.put("x", at: Point(x: 1, y: 0)) // the right half of 漢
        #expect(canvas.lines == [" x字"])
        #expect(!canvas[1, 0].isContinuation)
        canvas.put("y", at: Point(x: 2, y: 0)) // the left half of 字
        #expect(canvas.lines == [" xy"])
        #expect(!canvas[3, 0].isContinuation)
    }

    @Test func aWideCharacterOverAnotherShiftedByOneKeepsTheGridConsistent() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("漢字", at: .zero)
        canvas.put("中", at: Point(x: 1, y: 0))
        #expect(canvas.lines == [" 中"])
        #expect(canvas[2, 0].isContinuation && !canvas[3, 0].isContinuation)
    }

    @Test func fillPaintsARectangleClipped() {
        var canvas = Canvas(size: Size(width: 4, height: 3))
        canvas.fill(Rect(x: 2, y: 1, width: 5, height: 5), with: "#", style: .reverse)
        #expect(canvas.lines == ["", "  ##", "  ##"])
        #expect(canvas.style(at: Point(x: 3, y: 2)) == .reverse)
        canvas.fill(Rect(x: 0, y: 0, width: 3, height: 1), with: "漢")
        #expect(canvas.lines[0] == "漢")
    }

    @Test func restyleKeepsCharacters() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("abcd", at: .zero)
        canvas.restyle(Rect(x: 1, y: 0, width: 2, height: 1)) { $0.dim = true }
        #expect(canvas.lines == ["abcd"])
        #expect(canvas.style(at: Point(x: 1, y: 0)).dim && !canvas.style(at: Point(x: 3, y: 0)).dim)
        canvas.restyle(Rect(x: 9, y: 9, width: 1, height: 1)) { $0.bold = true }
    }

    @Test func drawCopiesAnotherCanvasClipped() {
        var small = Canvas(size: Size(width: 3, height: 2))
        small.put("ab漢", at: .zero)
        small.put("xyz", at: Point(x: 0, y: 1))
        var canvas = Canvas(size: Size(width: 4, height: 2))
        canvas.draw(small, at: Point(x: 2, y: 0))
        #expect(canvas.lines == ["  ab", "  xy"])
    }

    @Test func drawShowsAWindowOntoATallerCanvasWithItsClickRegions() {
        var tall = Canvas(size: Size(width: 4, height: 5))
        for row in 0..<5 { tall.put("row\(row)", at: Point(x: 0, y: row)) }
        tall.addHitRegion(Rect(x: 0, y: 3, width: 4, height: 1), "three")
        tall.addHitRegion(Rect(x: 0, y: 0, width: 4, height: 1), "zero")
        var canvas = Canvas(size: Size(width: 4, height: 4))
        canvas.put("head", at: .zero)
        // Rows 2…4 of the tall canvas in rows 1…3, the header kept.
        canvas.draw(tall, at: Point(x: 0, y: -1), clipTo: Rect(x: 0, y: 1, width: 4, height: 3))
        #expect(canvas.lines == ["head", "row2", "row3", "row4"])
        #expect(canvas.hitMap.rects(of: "three") == [Rect(x: 0, y: 2, width: 4, height: 1)])
        #expect(canvas.hitMap.rects(of: "zero").isEmpty, "clipped away with its row")
    }

    @Test func textInRectAndSnapshotReadBackTheGrid() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.put("abc", at: Point(x: 1, y: 0))
        canvas.put("def", at: Point(x: 1, y: 2))
        #expect(canvas.text(in: Rect(x: 1, y: 0, width: 2, height: 3)) == "ab\n\nde")
        #expect(canvas.text(in: Rect(x: 10, y: 0, width: 2, height: 3)) == "")
        #expect(canvas.snapshot == " abc\n\n def")
        #expect(canvas[Point(x: 99, y: 0)] == .blank)
    }

    @Test func aClearedCanvasIsANewCanvasInTheSameMemory() {
        for size in [Size(width: 80, height: 24), Size(width: 7, height: 3), Size(width: 1, height: 1), Size(width: 33, height: 17)] {
            var canvas = Canvas(size: size)
            canvas.put("日本 x", at: Point(x: 0, y: size.height - 1), style: Style(foreground: .red, bold: true))
            canvas.fill(Rect(x: 0, y: 0, width: size.width, height: 1), with: "#", style: .dim)
            canvas.addHitRegion(Rect(size: size), KeyTarget.scroll())
            let storage = canvas.cells.withUnsafeBufferPointer { $0.baseAddress }
            canvas.clear(to: size)
            #expect(canvas == Canvas(size: size))
            #expect(canvas.cells.allSatisfy { $0 == Cell(glyph: .space) })
            #expect(canvas.hitMap.regions.isEmpty)
            #expect(canvas.cells.withUnsafeBufferPointer { $0.baseAddress } == storage)
            // A style to clear with is every cell's, as `Canvas(size:style:)` gives it.
            canvas.clear(to: size, style: .dim)
            #expect(canvas == Canvas(size: size, style: .dim))
        }
    }

    @Test func clearingToAnotherSizeOrASharedCanvasMakesANewOne() {
        var canvas = Canvas(size: Size(width: 4, height: 2))
        canvas.put("ab", at: .zero)
        let kept = canvas
        canvas.clear(to: Size(width: 4, height: 2))
        #expect(kept.lines == ["ab", ""]) // the value someone else holds is left as it was
        #expect(canvas == Canvas(size: Size(width: 4, height: 2)))
        canvas.clear(to: Size(width: 9, height: -3))
        #expect(canvas.size == Size(width: 9, height: 0))
        canvas.clear(to: Size(width: 3, height: 5))
        #expect(canvas == Canvas(size: Size(width: 3, height: 5)))
    }
}

@Suite(.timeLimit(.minutes(10))) struct DisplayWidthTests {
    /// The symbols answered without the Unicode tables are each one column by the tables too.
    @Test func everySymbolKnownToBeNarrowIsNarrowByTheTables() {
        let known = (0x2000...0x2FFF).filter { DisplayWidth.isNarrowSymbol(UInt32($0)) }
        #expect(known.count > 600)
        for value in known {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(DisplayWidth.tableWidth(scalar) == 1, "U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    @Test func asciiIsOneColumn() {
        #expect(DisplayWidth.of("hello") == 5)
    }

    @Test func printableASCIICountedByBytesAgreesWithCountingCharacters() {
        let printable = String(decoding: (0x20...0x7E).map { UInt8($0) }, as: UTF8.self)
        #expect(DisplayWidth.of(printable) == printable.reduce(0) { $0 + DisplayWidth.of($1) })
        #expect(DisplayWidth.of(printable) == 95)
        #expect(DisplayWidth.of(printable.dropFirst(5)) == 90)
        // Control characters are not printable: the per-character rule gives them no column.
        #expect(DisplayWidth.of("a\tb\r\nc\u{7F}") == 3)
        #expect(DisplayWidth.of(Character("\r\n")) == 0)
        #expect(DisplayWidth.of("ab…") == 3)
    }

    @Test func cjkFullwidthAndHangulAreTwo() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("한") == 2)
        #expect(DisplayWidth.of("こんにちは") == 10)
    }

    @Test func emojiAreTwoIncludingSequences() {
        #expect(DisplayWidth.of("🎉") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("🇫🇷") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("❤") == 1) // text presentation
    }

    @Test func combiningAndZeroWidthAreZero() {
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("\u{200B}") == 0)
        #expect(DisplayWidth.of("\u{1B}") == 0)
        #expect(DisplayWidth.of("\u{85}") == 0)
        #expect(DisplayWidth.of("a\u{200D}") == 1)
    }

    @Test func otherScriptsAndSymbolsAreOne() {
        #expect(DisplayWidth.of("é") == 1)
        #expect(DisplayWidth.of("Ж") == 1)
        #expect(DisplayWidth.of("…•─") == 3)
        #expect(DisplayWidth.of("⠋") == 1)
        #expect(DisplayWidth.of("abc"[...]) == 3)
    }
}
