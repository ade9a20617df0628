import FoundationEssentials

/// One moment as the time source read it: the monotonic time since its origin (for durations,
/// deadlines and ordering) and the wall time (for what people read).
public struct Timestamp: Hashable, Sendable {
    public var elapsed: Duration
    public var wall: Date

    public init(elapsed: Duration, wall: Date) {
        self.elapsed = elapsed
        self.wall = wall
    }
}
