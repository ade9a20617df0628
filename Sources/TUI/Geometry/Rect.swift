/// A rectangle of cells; `maxX`/`maxY` are exclusive. Every layout helper clamps, so a result
/// never reaches outside the rectangle it came from and never has a negative size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Int { origin.x }
    public var y: Int { origin.y }
    public var width: Int { size.width }
    public var height: Int { size.height }
    public var minX: Int { origin.x }
    public var minY: Int { origin.y }
    public var maxX: Int { origin.x + size.width }
    public var maxY: Int { origin.y + size.height }
    public var isEmpty: Bool { size.isEmpty }

    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The overlap of two rectangles (empty, at `self`'s origin, when they don't meet).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(origin: origin, size: .zero) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    // MARK: Padding

    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let l = min(max(0, left), width), t = min(max(0, top), height)
        return Rect(
            x: x + l, y: y + t,
            width: max(0, width - l - max(0, right)),
            height: max(0, height - t - max(0, bottom)))
    }

    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        inset(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    // MARK: Centring

    /// A rectangle of `size` (shrunk to fit) centred in this one; odd leftovers go right/below.
    public func centred(_ size: Size) -> Rect {
        let w = min(max(0, size.width), width), h = min(max(0, size.height), height)
        return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }

    // MARK: Slicing

    public enum Edge: Sendable { case top, bottom, left, right }

    /// Cuts `amount` cells off one edge: the slice and what remains (clamped to this rectangle).
    public func divided(_ amount: Int, from edge: Edge) -> (slice: Rect, remainder: Rect) {
        switch edge {
        case .top:
            let n = min(max(0, amount), height)
            return (Rect(x: x, y: y, width: width, height: n), Rect(x: x, y: y + n, width: width, height: height - n))
        case .bottom:
            let n = min(max(0, amount), height)
            return (Rect(x: x, y: maxY - n, width: width, height: n), Rect(x: x, y: y, width: width, height: height - n))
        case .left:
            let n = min(max(0, amount), width)
            return (Rect(x: x, y: y, width: n, height: height), Rect(x: x + n, y: y, width: width - n, height: height))
        case .right:
            let n = min(max(0, amount), width)
            return (Rect(x: maxX - n, y: y, width: n, height: height), Rect(x: x, y: y, width: width - n, height: height))
        }
    }

    /// Row `index` (0-based) as a one-line rectangle; empty when outside.
    public func row(_ index: Int) -> Rect {
        guard index >= 0, index < height else { return Rect(x: x, y: y, width: width, height: 0) }
        return Rect(x: x, y: y + index, width: width, height: 1)
    }

    /// Column `index` (0-based) as a one-column rectangle; empty when outside.
    public func column(_ index: Int) -> Rect {
        guard index >= 0, index < width else { return Rect(x: x, y: y, width: 0, height: height) }
        return Rect(x: x + index, y: y, width: 1, height: height)
    }

    /// Consecutive full bands of `height` rows (a last partial band is dropped).
    public func rows(ofHeight bandHeight: Int) -> [Rect] {
        guard bandHeight > 0 else { return [] }
        return (0..<(height / bandHeight)).map {
            Rect(x: x, y: y + $0 * bandHeight, width: width, height: bandHeight)
        }
    }

    // MARK: Splitting

    public enum Axis: Sendable {
        /// Side by side: the parts share the width.
        case horizontal
        /// Stacked: the parts share the height.
        case vertical
    }

    /// How much of a split one part takes.
    public enum Extent: Hashable, Sendable {
        /// Exactly this many cells (or what is left).
        case fixed(Int)
        /// This fraction (0…1) of the whole length, rounded down.
        case fraction(Double)
        /// An equal share of what the fixed and fractional parts leave.
        case fill
    }

    /// Splits along `axis` into one rectangle per extent, in order, `spacing` cells apart.
    /// Fixed and fractional parts are served first, then `fill` parts share the rest (the first
    /// ones get the odd cells); parts that no longer fit come out empty.
    public func split(_ axis: Axis, _ extents: [Extent], spacing: Int = 0) -> [Rect] {
        guard !extents.isEmpty else { return [] }
        let total = axis == .horizontal ? width : height
        let gaps = max(0, spacing) * (extents.count - 1)
        let available = max(0, total - gaps)
        var lengths = extents.map { extent -> Int in
            switch extent {
            case .fixed(let n): return max(0, n)
            case .fraction(let f): return Int((Double(available) * min(max(f, 0), 1)).rounded(.down))
            case .fill: return 0
            }
        }
        let fills = extents.indices.filter { extents[$0] == .fill }
        let leftover = max(0, available - lengths.reduce(0, +))
        if !fills.isEmpty {
            for (n, i) in fills.enumerated() {
                lengths[i] = leftover / fills.count + (n < leftover % fills.count ? 1 : 0)
            }
        }
        var position = axis == .horizontal ? x : y
        let end = axis == .horizontal ? maxX : maxY
        return lengths.map { length in
            let start = min(position, end)
            let clamped = max(0, min(length, end - start))
            position = start + clamped + max(0, spacing)
            return axis == .horizontal
                ? Rect(x: start, y: y, width: clamped, height: height)
                : Rect(x: x, y: start, width: width, height: clamped)
        }
    }

    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
