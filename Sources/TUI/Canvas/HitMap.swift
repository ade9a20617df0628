/// What the regions of a frame do when clicked, recorded while the frame is drawn (as ratatui
/// apps and bubblezone do it): whatever draws something clickable adds its rectangle and a
/// target, a value whose type says who handles it (`KeyTarget`: the keys it stands for; a
/// screen's own enum: a row, a field). So what is clickable is always exactly what is on
/// screen, and no handler repeats a coordinate. Later regions lie over earlier ones. See
/// Docs/mouse-and-paste.md.
public struct HitMap: Sendable {
    public struct Region: Sendable {
        public let rect: Rect
        public let target: any Hashable & Sendable
    }

    /// Bottom to top, in the order they were drawn.
    public private(set) var regions: [Region] = []

    public init() {}

    /// Adds a region over everything added before (an empty rectangle adds nothing).
    public mutating func add(_ rect: Rect, _ target: some Hashable & Sendable) {
        guard !rect.isEmpty else { return }
        regions.append(Region(rect: rect, target: target))
    }

    /// Room for `count` regions at once: a frame's regions come from every drawing copied into
    /// it, and its array grew (and was copied) four times in every frame.
    mutating func reserveCapacity(_ count: Int) { regions.reserveCapacity(count) }

    /// No region any more, the room for them kept (a canvas cleared for the next frame).
    mutating func removeAll() { regions.removeAll(keepingCapacity: true) }

    /// Adds another frame's `region` moved by `offset` and cut to `clip`, its target as it is:
    /// a drawing copied into a frame keeps its regions without each target opened and boxed
    /// again (Docs/performance.md, "The fourth round").
    mutating func add(_ region: Region, movedBy offset: Point, clippedTo clip: Rect) {
        let rect = Rect(origin: region.rect.origin.offsetBy(dx: offset.x, dy: offset.y), size: region.rect.size).intersection(clip)
        guard !rect.isEmpty else { return }
        regions.append(Region(rect: rect, target: region.target))
    }

    /// The targets of the regions under `point`, topmost first: a mouse event goes to the first
    /// one that takes it.
    public func targets(at point: Point) -> [any Hashable & Sendable] {
        regions.reversed().filter { $0.rect.contains(point) }.map(\.target)
    }

    /// Where regions with `target` are (tests and documentation pictures).
    public func rects(of target: some Hashable & Sendable) -> [Rect] {
        regions.filter { AnyHashable($0.target) == AnyHashable(target) }.map(\.rect)
    }
}
