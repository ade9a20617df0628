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
        // The cells are compared in place, not copied out one by one: every frame compares every
        // cell, and a copy retains and releases its character.
        let against = previous.flatMap { $0.size == size ? $0 : nil }
        let changed: [Int] = cells.withUnsafeBufferPointer { now in
            guard let before = against else {
                // Against a blank screen; no blank canvas is built for it (the first frame's cost).
                let blank = Cell.blank
                return now.indices.filter { now[$0] != blank }
            }
            return before.cells.withUnsafeBufferPointer { old in now.indices.filter { now[$0] != old[$0] } }
        }
        let width = size.width
        return changed.map { CellChange(point: Point(x: $0 % width, y: $0 / width), cell: cells[$0]) }
    }

    /// This canvas with `changes` written over it (cells outside it are ignored).
    public func applying(_ changes: [CellChange]) -> Canvas {
        var result = self
        for change in changes { result.set(change.cell, at: change.point) }
        return result
    }
}
