import Core
import Synchronization

/// A clock that only moves when a test says so. Sleepers wait until `advance(by:)` or
/// `advance(to:)` passes their deadline; they are then resumed in deadline order (ties in the
/// order they went to sleep), so a test of a 2-second backoff takes microseconds and gives the
/// same result every run. The real clock is `ContinuousClock()`; code takes `any Clock<Duration>`.
///
/// There is deliberately no way to *wait* for a sleeper: a test runs its tasks on a
/// `ManualExecutor` until they are quiet and then checks `sleeperCount`, so a change in the code
/// under test fails the test instead of hanging it.
public final class ManualClock: Clock, Sendable {
    public typealias Instant = OffsetInstant

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Instant
        /// Keyed by a sequence number, which also breaks ties between equal deadlines.
        var sleepers: [Int: Sleeper] = [:]
        /// Sleeps cancelled before they could register (the cancel handler ran first).
        var cancelledEarly: Set<Int> = []
        var nextID = 0
    }

    private let state: Mutex<State>

    public init(now: Instant = Instant(offset: .zero)) {
        state = Mutex(State(now: now))
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline anyone sleeps until, if anyone sleeps.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.values.map(\.deadline).min() }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Action { case resume, cancel, wait }
                let action = state.withLock { state -> Action in
                    if state.cancelledEarly.remove(id) != nil { return .cancel }
                    if deadline <= state.now { return .resume }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return .wait
                }
                switch action {
                case .resume: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelledEarly.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        // A sleep that ended normally leaves no trace in `cancelledEarly`.
        state.withLock { _ = $0.cancelledEarly.remove(id) }
    }

    /// Moves the clock forward by `duration` and wakes, in deadline order, every sleeper due by then.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a clock does not go backwards")
        let target = state.withLock { $0.now.advanced(by: duration) }
        advance(to: target)
    }

    /// Moves the clock to `instant` (never backwards) and wakes, in deadline order, every sleeper
    /// due by then.
    public func advance(to instant: Instant) {
        let due = state.withLock { state -> [Sleeper] in
            if instant > state.now { state.now = instant }
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
            for (id, _) in due { state.sleepers[id] = nil }
            return due.map(\.value)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock to the earliest deadline anyone sleeps until and wakes those due then.
    /// Returns the time that passed, or `nil` (and does nothing) when nobody sleeps.
    @discardableResult
    public func advanceToNextDeadline() -> Duration? {
        let step = state.withLock { state -> (Instant, Duration)? in
            guard let next = state.sleepers.values.map(\.deadline).min() else { return nil }
            return (next, state.now.duration(to: next))
        }
        guard let (next, duration) = step else { return nil }
        advance(to: next)
        return max(duration, .zero)
    }
}
