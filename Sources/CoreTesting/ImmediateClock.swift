import Core
import Synchronization

/// A clock whose sleeps end at once (after one yield, so other tasks get a turn) and move its
/// time forward, recording each one. For tests that care which delays were asked for, not about
/// interleaving them — `ManualClock` is for those. Cancellation still interrupts a sleep.
public final class ImmediateClock: Clock, Sendable {
    public typealias Instant = OffsetInstant

    private let state = Mutex<(now: Instant, sleeps: [Duration])>((Instant(offset: .zero), []))

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }
    /// Every sleep's length, in the order they were asked for.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }
    /// Time "passed" so far: the sum of the sleeps (overlapping ones counted once).
    public var elapsed: Duration { now.offset }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(max(.zero, state.now.duration(to: deadline)))
            if state.now < deadline { state.now = deadline }
        }
        await Task.yield()
        try Task.checkCancellation()
    }
}
