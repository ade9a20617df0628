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
        var indices: [Int] = []
        changedIndices(from: previous, into: &indices)
        let width = size.width
        return indices.map { CellChange(point: Point(x: $0 % width, y: $0 / width), cell: cells[$0]) }
    }

    /// The indices in `cells` (row by row) of the cells `changes(from:)` lists, in its order,
    /// written over `indices` (its storage kept): the terminal walks them with its own locals,
    /// where a closure called for each change made every variable it wrote a checked box
    /// (Docs/performance.md, "The fourth round").
    public func changedIndices(from previous: Canvas?, into indices: inout [Int]) {
        indices.removeAll(keepingCapacity: true)
        let against = previous.flatMap { $0.size == size ? $0 : nil }
        let width = size.width
        cells.withUnsafeBufferPointer { now in
            guard let against else {
                // Against a blank screen; no blank canvas is built for it (the first frame's cost).
                for index in now.indices where now[index] != .blank { indices.append(index) }
                return
            }
            against.cells.withUnsafeBufferPointer { old in
                for row in 0..<(width > 0 ? size.height : 0) {
                    let start = row * width
                    // Most rows are unchanged: the same bytes are the same cells, so only the
                    // others are compared cell by cell.
                    if memcmp(now.baseAddress! + start, old.baseAddress! + start, width * MemoryLayout<Cell>.stride) == 0 { continue }
                    var index = start
                    let end = start + width
                    while index < end {
                        index = Self.firstDifferentBytes(now.baseAddress!, old.baseAddress!, in: index..<end)
                        guard index < end else { break }
                        if now[index] != old[index] { indices.append(index) }
                        index += 1
                    }
                }
            }
        }
    }

    /// The first index in `range` whose cells' bytes differ (`range.upperBound` if none): a loop
    /// of its own, so that the compiler keeps it to a few loads a cell rather than merging the
    /// field-by-field comparison into it.
    @inline(never)
    static func firstDifferentBytes(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>, in range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound, sameBytes(a + index, b + index) { index += 1 }
        return index
    }

    /// Whether two cells hold the same bytes, which makes them equal: a few loads, where `==`
    /// compares field by field. A cell is 12 bytes with no padding and a nil colour keeps zero
    /// channels (`Style`), so the converse holds too; the caller still asks `==` of cells whose
    /// bytes differ, which costs little as those are the changed ones.
    @inline(__always)
    static func sameBytes(_ a: UnsafePointer<Cell>, _ b: UnsafePointer<Cell>) -> Bool {
        let size = MemoryLayout<Cell>.size
        let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
        var offset = 0
        while offset + 8 <= size {
            guard x.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        if offset + 4 <= size {
            guard x.loadUnaligned(fromByteOffset: offset, as: UInt32.self) == y.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            else { return false }
            offset += 4
        }
        while offset < size {
            guard x.load(fromByteOffset: offset, as: UInt8.self) == y.load(fromByteOffset: offset, as: UInt8.self) else { return false }
            offset += 1
        }
        return true
    }

    /// This canvas with `changes` written over it (cells outside it are ignored).
    public func applying(_ changes: [CellChange]) -> Canvas {
        var result = self
        for change in changes { result.set(change.cell, at: change.point) }
        return result
    }
}
