import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct GeometryTests {
    let rect = Rect(x: 2, y: 1, width: 20, height: 10)

    @Test func edgesAreExclusiveAndContainsMatches() {
        #expect(rect.maxX == 22 && rect.maxY == 11)
        #expect(rect.contains(Point(x: 2, y: 1)))
        #expect(!rect.contains(Point(x: 22, y: 1)))
        #expect(!rect.contains(Point(x: 2, y: 11)))
        #expect(Rect(x: 0, y: 0, width: -3, height: 2).size == Size(width: 0, height: 2))
    }

    @Test func intersectionClipsAndIsEmptyWhenApart() {
        #expect(rect.intersection(Rect(x: 0, y: 0, width: 5, height: 5)) == Rect(x: 2, y: 1, width: 3, height: 4))
        #expect(rect.intersection(Rect(x: 50, y: 50, width: 5, height: 5)).isEmpty)
    }

    @Test func insetPadsAndNeverGoesNegative() {
        #expect(rect.inset(by: 1) == Rect(x: 3, y: 2, width: 18, height: 8))
        #expect(rect.inset(horizontal: 2, vertical: 0) == Rect(x: 4, y: 1, width: 16, height: 10))
        #expect(rect.inset(top: 1, left: 2, bottom: 3, right: 4) == Rect(x: 4, y: 2, width: 14, height: 6))
        #expect(rect.inset(by: 30).isEmpty)
    }

    @Test func centredPlacesASizeInTheMiddleAndShrinksToFit() {
        #expect(Rect(x: 0, y: 0, width: 80, height: 24).centred(Size(width: 40, height: 10)) == Rect(x: 20, y: 7, width: 40, height: 10))
        #expect(Rect(x: 0, y: 0, width: 10, height: 5).centred(Size(width: 40, height: 10)) == Rect(x: 0, y: 0, width: 10, height: 5))
    }

    @Test func dividedCutsFromEachEdge() {
        let (top, rest) = rect.divided(3, from: .top)
        #expect(top == Rect(x: 2, y: 1, width: 20, height: 3) && rest == Rect(x: 2, y: 4, width: 20, height: 7))
        let (bottom, above) = rect.divided(1, from: .bottom)
        #expect(bottom == Rect(x: 2, y: 10, width: 20, height: 1) && above.height == 9)
        let (left, right) = rect.divided(5, from: .left)
        #expect(left.width == 5 && right == Rect(x: 7, y: 1, width: 15, height: 10))
        let (edge, remainder) = rect.divided(50, from: .right)
        #expect(edge == rect && remainder.width == 0)
    }

    @Test func splitServesFixedAndFractionsThenSharesTheRestAmongFills() {
        let parts = Rect(x: 0, y: 0, width: 100, height: 1).split(.horizontal, [.fixed(10), .fraction(0.25), .fill, .fill])
        #expect(parts.map(\.width) == [10, 25, 33, 32])
        #expect(parts.map(\.x) == [0, 10, 35, 68])
        let rows = Rect(x: 0, y: 0, width: 10, height: 10).split(.vertical, [.fixed(1), .fill, .fixed(1)], spacing: 1)
        #expect(rows.map(\.y) == [0, 2, 9] && rows.map(\.height) == [1, 6, 1])
    }

    @Test func splitNeverOverflowsWhenPartsAskForTooMuch() {
        let parts = Rect(x: 0, y: 0, width: 10, height: 1).split(.horizontal, [.fixed(8), .fixed(8), .fill])
        #expect(parts.map(\.width) == [8, 2, 0])
        #expect(parts.allSatisfy { $0.maxX <= 10 })
        #expect(Rect(x: 0, y: 0, width: 10, height: 1).split(.horizontal, []).isEmpty)
    }

    @Test func rowsAndColumnsSlice() {
        #expect(rect.row(0) == Rect(x: 2, y: 1, width: 20, height: 1))
        #expect(rect.row(10).isEmpty && rect.row(-1).isEmpty)
        #expect(rect.column(19) == Rect(x: 21, y: 1, width: 1, height: 10))
        #expect(rect.column(20).isEmpty)
        #expect(rect.rows(ofHeight: 3).map(\.y) == [1, 4, 7])
        #expect(rect.rows(ofHeight: 0).isEmpty)
    }

    @Test func sizeContainsAndDescribesItself() {
        #expect(Size(width: 80, height: 24).contains(Size(width: 60, height: 20)))
        #expect(!Size(width: 59, height: 24).contains(Size(width: 60, height: 20)))
        #expect(Size(width: 80, height: 24).description == "80x24")
        #expect(Point(x: 1, y: 2).offsetBy(dx: 2, dy: -1) == Point(x: 3, y: 1))
        #expect(Point(x: 1, y: 2).description == "(1, 2)")
        #expect(rect.description == "(2, 1, 20x10)")
    }
}
