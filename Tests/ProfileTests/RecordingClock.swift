import Synchronization

/// A clock whose time stands still: every sleep returns at once and is recorded, so a test can
/// check which delays were asked for without waiting for them.
final class RecordingClock: Clock, Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let slept = Mutex<[Duration]>([])

    var now: Instant { Instant(offset: .zero) }
    var minimumResolution: Duration { .zero }
    var sleeps: [Duration] { slept.withLock { $0 } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        slept.withLock { $0.append(deadline.offset) }
        try Task.checkCancellation()
    }
}
