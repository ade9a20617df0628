import Core
import Synchronization

/// Turns a transfer's byte counts into `SyncProgress` events: one when a new whole megabyte has
/// arrived, at most one every `interval` (a slow 61 MB answer moves the header once a megabyte,
/// a 20 KB one never). Over loopback a megabyte arrives every millisecond, and each event is a
/// frame drawn on the thread that takes the keys while the sync runs (Docs/performance.md).
final class TransferReporter: Sendable {
    static let step = 1_000_000
    static let interval: Duration = .milliseconds(50)

    /// The last megabyte reported, and when.
    private let last = Mutex<(step: Int, at: Duration?)>((0, nil))
    private let time: TimeSource
    private let send: @Sendable (SyncProgress) -> Void

    init(time: TimeSource, _ send: @escaping @Sendable (SyncProgress) -> Void) {
        self.time = time
        self.send = send
    }

    var report: HTTPProgress {
        { [self] received, total in
            let step = received / Self.step
            guard step > last.withLock({ $0.step }) else { return }
            let now = time.elapsed
            let isNew = last.withLock { last in
                guard step > last.step, last.at.map({ now - $0 >= Self.interval }) ?? true else { return false }
                last = (step, now)
                return true
            }
            if isNew { send(.receiving(bytes: received, of: total)) }
        }
    }
}
