import FoundationEssentials
import Synchronization

/// A clock that moves only when its owner moves it, for the app's own use (a replay runs on
/// one: Docs/recording.md): time is the recording's, not the machine's. Nothing sleeps on it in
/// a replay (no effect runs); a sleep still waits, correctly, until the clock passes its deadline.
public final class SteppedClock: Clock, Sendable {
    public typealias Instant = OffsetInstant

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [(deadline: Instant, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// Moves the clock to `offset` since it was made (never backwards) and wakes whoever slept
    /// until then.
    public func move(to offset: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if offset > state.now.offset { state.now = Instant(offset: offset) }
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.map(\.continuation)
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        due.forEach { $0.resume() }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if deadline <= state.now { return true }
                state.sleepers.append((deadline, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
        try Task.checkCancellation()
    }
}

extension TimeSource {
    /// Time that moves only with `clock`, its wall time counted from `wallAtOrigin`: a replay's.
    public static func stepped(by clock: SteppedClock, wallAtOrigin: Date) -> TimeSource {
        TimeSource(following: clock, wallAtOrigin: wallAtOrigin)
    }
}
