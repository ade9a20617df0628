#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One cell a terminal must write to go from one frame to the next.
public struct CellChange: Hashable, Sendable {
    public var point: Point
    public var cell: Cell

    public init(point: Point, cell: Cell) {
        self.point = point
        self.cell = cell
    }
}

extension Canvas {
    /// The cells that differ from `previous`, row by row, left to right: what a terminal
    /// showing `previous` must write to show this canvas. With no previous frame, or one of
    /// another size (after a resize the screen is cleared first), the cells that differ from a
    /// blank canvas. The right halves of wide characters are listed too (a backend that writes
    /// the wide character skips them; applying the list to a canvas copies them).
    ///
    /// Pure: the ncurses backend writes these cells, the headless terminal applies them, and
    /// tests check the diff itself.
    public func changes(from previous: Canvas?) -> [CellChange] {
        var changes: [CellChange] = []
        forEachChange(from: previous) { changes.append(CellChange(point: $0, cell: $1)) }
        return changes
    }

    /// Calls `body` with each cell `changes(from:)` lists, in its order, without making the
    /// list: the terminal's hot path (Docs/performance.md, "A key press").
    public func forEachChange(from previous: Canvas?, _ body: (Point, Cell) -> Void) {
        let against = previous.flatMap { $0.size == size ? $0 : nil }
        let width = size.width
        cells.withUnsafeBufferPointer { now in
            guard let against else {
                // Against a blank screen; no blank canvas is built for it (the first frame's cost).
                for index in now.indices where now[index] != .blank { body(Point(x: index % width, y: index / width), now[index]) }
                return
            }
            against.cells.withUnsafeBufferPointer { old in
                for row in 0..<(width > 0 ? size.height : 0) {
                    let start = row * width
                    // Most rows are unchanged: the same bytes are the same cells (the converse
                    // need not hold, padding may differ), so only the others are compared cell by cell.
                    if memcmp(now.baseAddress! + start, old.baseAddress! + start, width * MemoryLayout<Cell>.stride) == 0 { continue }
                    for index in start..<(start + width) where now[index] != old[index] {
                        body(Point(x: index - start, y: row), now[index])
                    }
                }
            }
        }
    }

    /// This canvas with `changes` written over it (cells outside it are ignored).
    public func applying(_ changes: [CellChange]) -> Canvas {
        var result = self
        for change in changes { result.set(change.cell, at: change.point) }
        return result
    }
}
