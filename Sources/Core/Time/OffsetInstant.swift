/// A point on a clock's time line that moves only when told: the time elapsed since the clock's
/// zero. The instant of a replay's `SteppedClock`, and of the tests' `ManualClock` and
/// `ImmediateClock`.
public struct OffsetInstant: InstantProtocol, Sendable, CustomStringConvertible {
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }

    public func advanced(by duration: Duration) -> OffsetInstant { OffsetInstant(offset: offset + duration) }
    public func duration(to other: OffsetInstant) -> Duration { other.offset - offset }
    public static func < (lhs: OffsetInstant, rhs: OffsetInstant) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "Instant(\(offset))" }
}
