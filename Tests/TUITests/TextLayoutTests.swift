import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct TextLayoutTests {
    @Test func wrapBreaksAtWordsWithinTheWidth() {
        #expect(TextLayout.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
    }

    @Test func wrapBreaksOverLongWords() {
        #expect(TextLayout.wrap("a supercalifragilistic word", width: 8) == ["a", "supercal", "ifragili", "stic", "word"])
    }

    @Test func wrapKeepsParagraphsAndCollapsesSpaces() {
        #expect(TextLayout.wrap("one  two\n\nthree", width: 20) == ["one two", "", "three"])
        #expect(TextLayout.wrap("", width: 5) == [""])
        #expect(TextLayout.wrap("abc", width: 0) == [])
    }

    @Test func wrapCountsWideCharactersAsTwoColumns() {
        #expect(TextLayout.wrap("漢字漢字漢", width: 4) == ["漢字", "漢字", "漢"])
        #expect(TextLayout.wrap("ab 漢字", width: 5) == ["ab", "漢字"])
        #expect(TextLayout.wrap("漢", width: 1) == [""]) // cannot fit at all: dropped, no endless loop
    }

    @Test func truncateAddsAnEllipsisOnlyWhenNeeded() {
        #expect(TextLayout.truncate("hello", width: 5) == "hello")
        #expect(TextLayout.truncate("hello world", width: 8) == "hello w…")
        #expect(TextLayout.truncate("漢字漢字", width: 6) == "漢字…")
        #expect(TextLayout.truncate("漢字漢字", width: 4) == "漢…")
        #expect(TextLayout.truncate("two\nlines", width: 20) == "two lines")
        #expect(TextLayout.truncate("abc", width: 0) == "")
        #expect(TextLayout.truncate("abc", width: 1) == "…")
    }

    @Test func firstTwoLinesOfADescriptionWithAnEllipsis() {
        let description = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor"
        let lines = TextLayout.lines(description, width: 20, maxLines: 2)
        #expect(lines == ["Lorem ipsum dolor", "sit amet,…"])
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(TextLayout.lines("short", width: 20, maxLines: 2) == ["short"])
        #expect(TextLayout.lines("a b", width: 1, maxLines: 0) == [])
    }

    @Test func ellipsisCutsAFullLastLine() {
        #expect(TextLayout.lines("abcde fghij klmno", width: 5, maxLines: 2) == ["abcde", "fghi…"])
    }

    @Test func alignmentOffsets() {
        #expect(TextLayout.offset(of: 4, in: 10, alignment: .left) == 0)
        #expect(TextLayout.offset(of: 4, in: 10, alignment: .center) == 3)
        #expect(TextLayout.offset(of: 4, in: 10, alignment: .right) == 6)
        #expect(TextLayout.offset(of: 14, in: 10, alignment: .right) == 0)
    }

    @Test func textBlockDrawsWrappedAndAlignedWithinItsRect() {
        var canvas = Canvas(size: Size(width: 12, height: 4))
        let used = TextBlock("one two three", alignment: .center).draw(in: Rect(x: 1, y: 1, width: 9, height: 3), on: &canvas)
        #expect(used == 2)
        #expect(canvas.lines == ["", "  one two", "   three", ""])
        var right = Canvas(size: Size(width: 8, height: 1))
        TextBlock("abc", alignment: .right).draw(in: right.bounds, on: &right)
        #expect(right.lines == ["     abc"])
    }

    @Test func textBlockStopsAtTheRectHeightWithAnEllipsis() {
        var canvas = Canvas(size: Size(width: 10, height: 2))
        TextBlock("aaa bbb ccc ddd eee", style: .bold).draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines == ["aaa bbb", "ccc ddd…"])
        #expect(canvas.style(at: .zero) == .bold)
        #expect(TextBlock("x").draw(in: .zero, on: &canvas) == 0)
    }

    @Test func textBlockWithoutWrappingTruncatesEachLine() {
        let block = TextBlock("first line is long\nsecond\nthird", wraps: false)
        #expect(block.layout(width: 10) == ["first lin…", "second", "third"])
        #expect(block.layout(width: 10, height: 2) == ["first lin…", "second…"])
        #expect(TextBlock("a\nb", maxLines: 0, wraps: false).layout(width: 5) == [])
        #expect(TextBlock("a b c d", maxLines: 1).height(forWidth: 3) == 1)
    }
}
