import Core
import Synchronization

/// Turns a transfer's byte counts into `SyncProgress` events, one per whole megabyte received
/// (a 61 MB answer is 61 events, a 20 KB one none): enough for the header to move, never a
/// flood of redraws.
final class TransferReporter: Sendable {
    static let step = 1_000_000

    private let lastStep = Mutex(0)
    private let send: @Sendable (SyncProgress) -> Void

    init(_ send: @escaping @Sendable (SyncProgress) -> Void) {
        self.send = send
    }

    var report: HTTPProgress {
        { [self] received, total in
            let step = received / Self.step
            let isNew = lastStep.withLock { last in
                guard step > last else { return false }
                last = step
                return true
            }
            if isNew { send(.receiving(bytes: received, of: total)) }
        }
    }
}
