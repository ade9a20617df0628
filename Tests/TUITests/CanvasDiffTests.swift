import Core
import Testing
import TUITesting
@testable import TUI

/// The frame diff both backends use: the ncurses terminal writes these cells, the headless one
/// applies them, so what tests see is what a terminal would have been sent.
@Suite(.timeLimit(.minutes(10))) struct CanvasDiffTests {
    private func canvas(_ lines: [String], width: Int = 12, style: Style = .plain) -> Canvas {
        var canvas = Canvas(size: Size(width: width, height: lines.count))
        for (y, line) in lines.enumerated() { canvas.put(line, at: Point(x: 0, y: y), style: style) }
        return canvas
    }

    /// The diff's shortcuts (whole rows by their bytes, then each cell by its bytes before
    /// `==`) list exactly the cells `==` finds different, on random frames drawn by different
    /// paths (put, fill, copied drawings), colours and wide characters included.
    @Test func theChangesAreExactlyTheCellsThatDiffer() {
        var random = SeededRandom(seed: 43)
        let styles = [Style.plain, .bold, .dim, Style(foreground: RGB(9, 8, 7)), Style(background: RGB(0, 0, 1), reverse: true)]
        func randomFrame() -> Canvas {
            var frame = Canvas(size: Size(width: 10, height: 4))
            for _ in 0..<random.next(12) {
                let point = Point(x: random.next(10), y: random.next(4))
                let style = styles[random.next(styles.count)]
                switch random.next(3) {
                case 0: frame.put(["a", "漢", "b c", "─", "é"][random.next(5)], at: point, style: style)
                case 1: frame.fill(Rect(origin: point, size: Size(width: random.next(5), height: random.next(3))), with: " ", style: style)
                default:
                    var drawing = Canvas(size: Size(width: 3, height: 2))
                    drawing.put("x漢", at: .zero, style: style)
                    frame.draw(drawing, at: Point(x: min(point.x, 7), y: min(point.y, 2)))
                }
            }
            return frame
        }
        for _ in 0..<500 {
            let before = randomFrame(), after = randomFrame()
            var expected: [CellChange] = []
            for y in 0..<4 {
                for x in 0..<10 where after[x, y] != before[x, y] { expected.append(CellChange(point: Point(x: x, y: y), cell: after[x, y])) }
            }
            #expect(after.changes(from: before) == expected)
            #expect(after.changes(from: after).isEmpty)
        }
    }

    @Test func theChangedIndicesAreTheChangesOwnAndReplaceWhatTheBufferHeld() {
        var before = Canvas(size: Size(width: 6, height: 3))
        before.put("abc", at: Point(x: 1, y: 0))
        var after = before
        after.put("x", at: Point(x: 2, y: 0))
        after.put("漢", at: Point(x: 3, y: 2))
        var indices = [99, 98, 97, 96, 95]
        after.changedIndices(from: before, into: &indices)
        #expect(indices == after.changes(from: before).map { $0.point.y * 6 + $0.point.x })
        #expect(indices == [2, 15, 16])
        after.changedIndices(from: after, into: &indices)
        #expect(indices.isEmpty)
        after.changedIndices(from: nil, into: &indices)
        #expect(indices == [1, 2, 3, 15, 16])
    }

    @Test func aFirstFrameWritesEveryCellThatIsNotBlank() {
        let frame = canvas(["ab", "", "  c"])
        let changes = frame.changes(from: nil)
        #expect(changes.map(\.point) == [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 2)])
        #expect(Canvas(size: frame.size).applying(changes) == frame)
    }

    @Test func theSameFrameAgainWritesNothing() {
        let frame = canvas(["hello", "world"])
        #expect(frame.changes(from: frame).isEmpty)
    }

    @Test func onlyTheCellsThatDifferAreWrittenStyleIncluded() {
        let before = canvas(["hello", "world"])
        var after = before
        after.put("J", at: Point(x: 0, y: 0))
        after.restyle(Rect(x: 4, y: 1, width: 1, height: 1)) { $0.bold = true }
        let changes = after.changes(from: before)
        #expect(changes.map(\.point) == [Point(x: 0, y: 0), Point(x: 4, y: 1)])
        #expect(changes[1].cell == Cell("d", style: .bold))
        #expect(before.applying(changes) == after)
    }

    @Test func aWideCharacterComesWithItsRightHalf() {
        let before = canvas(["abcd"])
        let after = canvas(["a界d"])
        let changes = after.changes(from: before)
        #expect(changes.map(\.point.x) == [1, 2])
        #expect(changes[0].cell.character == "界" && changes[1].cell.isContinuation)
        #expect(before.applying(changes) == after)
        // And back: the right half becomes a cell of its own again.
        #expect(after.applying(before.changes(from: after)) == before)
    }

    @Test func anotherSizeStartsFromABlankScreen() {
        let small = canvas(["xy"], width: 4)
        let large = canvas(["xy"], width: 8)
        #expect(large.changes(from: small).map(\.point) == [Point(x: 0, y: 0), Point(x: 1, y: 0)])
        #expect(Canvas(size: large.size).applying(large.changes(from: small)) == large)
    }

    @Test func anyFrameFollowsAnyOtherThroughItsDiff() {
        var random = SeededRandom(seed: 42)
        let texts = ["", "a", "界", "é", "ab界c", "  ", "🙂x", "xyz"]
        let styles: [Style] = [.plain, .bold, .reverse, Style(foreground: .red), Style(background: .blue, dim: true)]
        func frame() -> Canvas {
            var canvas = Canvas(size: Size(width: 9, height: 4))
            for _ in 0..<8 {
                let point = Point(x: random.next(9), y: random.next(4))
                canvas.put(texts[random.next(texts.count)], at: point, style: styles[random.next(styles.count)])
            }
            return canvas
        }
        for _ in 0..<300 {
            let before = frame(), after = frame()
            #expect(before.applying(after.changes(from: before)) == after)
        }
    }

    @Test func theHeadlessTerminalShowsFramesThroughTheDiff() {
        let terminal = HeadlessTerminal(size: Size(width: 12, height: 2))
        terminal.present(canvas(["hello", ""]), cursor: nil)
        #expect(terminal.lastChangeCount == 5)
        terminal.present(canvas(["hello", ""]), cursor: nil)
        #expect(terminal.lastChangeCount == 0)
        terminal.present(canvas(["help", ""]), cursor: Point(x: 4, y: 0))
        #expect(terminal.lastChangeCount == 2, "p written, the last o cleared")
        #expect(terminal.lines == ["help", ""])
        #expect(terminal.cursor == Point(x: 4, y: 0))
    }
}
