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
        guard let before = previous, before.size == size else {
            // Against a blank screen; no blank canvas is built for it (the first frame's cost).
            for y in 0..<size.height {
                for x in 0..<size.width where self[x, y] != .blank {
                    changes.append(CellChange(point: Point(x: x, y: y), cell: self[x, y]))
                }
            }
            return changes
        }
        for y in 0..<size.height {
            for x in 0..<size.width where self[x, y] != before[x, y] {
                changes.append(CellChange(point: Point(x: x, y: y), cell: self[x, y]))
            }
        }
        return changes
    }

    /// This canvas with `changes` written over it (cells outside it are ignored).
    public func applying(_ changes: [CellChange]) -> Canvas {
        var result = self
        for change in changes { result.set(change.cell, at: change.point) }
        return result
    }
}
