import Testing
@testable import TUI

/// A widget's kept drawings: what is drawn again is the same as a fresh drawing, and a widget
/// going back and forth between two looks is drawn once per look (Docs/performance.md).
@Suite(.timeLimit(.minutes(10))) struct WidgetCacheTests {
    /// Counts how often it is really drawn; a label, reversed when selected, and a click target.
    final class DrawCount { var value = 0 }

    struct Row: Widget, Equatable {
        var label: String
        var isSelected: Bool
        let count: DrawCount

        static func == (lhs: Row, rhs: Row) -> Bool { lhs.label == rhs.label && lhs.isSelected == rhs.isSelected }

        func draw(in area: Rect, on canvas: inout Canvas) {
            count.value += 1
            canvas.addHitRegion(area, KeyTarget.scroll())
            canvas.put(label, at: area.origin, style: Style(reverse: isSelected), clipTo: area)
        }
    }

    /// The row drawn without a cache, on a canvas like the one the cache draws on.
    private func fresh(_ row: Row, in rect: Rect, on size: Size) -> Canvas {
        var canvas = Canvas(size: size)
        Row(label: row.label, isSelected: row.isSelected, count: DrawCount()).draw(in: rect, on: &canvas)
        return canvas
    }

    @Test func aKeptDrawingIsTheSameAsAFreshOneWithItsClickableRegion() {
        let count = DrawCount()
        var cache = WidgetCache<Row>()
        let rect = Rect(x: 2, y: 1, width: 6, height: 2)
        let size = Size(width: 10, height: 4)
        let row = Row(label: "Articles", isSelected: true, count: count)
        for _ in 0..<3 {
            var canvas = Canvas(size: size)
            cache.draw(row, in: rect, on: &canvas)
            #expect(canvas == fresh(row, in: rect, on: size))
            #expect(canvas.lines[1] == "  Articl")
            #expect(canvas.hitMap.targets(at: Point(x: 7, y: 2)).count == 1)
            #expect(canvas.hitMap.targets(at: Point(x: 8, y: 2)).isEmpty)
        }
        #expect(count.value == 1)
    }

    @Test func twoLooksGoingBackAndForthAreEachDrawnOnce() {
        let count = DrawCount()
        var cache = WidgetCache<Row>()
        let rect = Rect(x: 0, y: 0, width: 8, height: 1)
        let size = Size(width: 8, height: 1)
        for step in 0..<6 {
            let row = Row(label: "Profile", isSelected: step.isMultiple(of: 2), count: count)
            var canvas = Canvas(size: size)
            cache.draw(row, in: rect, on: &canvas)
            #expect(canvas == fresh(row, in: rect, on: size))
            #expect(canvas.style(at: .zero).reverse == row.isSelected)
        }
        #expect(count.value == 2)
    }

    @Test func aThirdLookOrAnotherSizeIsDrawnAgainAndTheLeastRecentLookForgotten() {
        let count = DrawCount()
        var cache = WidgetCache<Row>()
        let size = Size(width: 8, height: 2)
        func draw(_ label: String, width: Int = 8) {
            var canvas = Canvas(size: size)
            let rect = Rect(x: 0, y: 0, width: width, height: 1)
            let row = Row(label: label, isSelected: false, count: count)
            cache.draw(row, in: rect, on: &canvas)
            #expect(canvas == fresh(row, in: rect, on: size))
        }
        draw("a"); draw("b"); draw("a")  // a and b kept
        #expect(count.value == 2)
        draw("c")  // b, the least recent, forgotten
        draw("a")
        #expect(count.value == 3)
        draw("b")
        #expect(count.value == 4)
        draw("b", width: 5)  // another size
        #expect(count.value == 5)
    }
}
