import Synchronization

/// Writes each kind of server problem once (a failed system call, a cap reached), so a
/// condition that lasts doesn't flood the log with a line per request.
final class ErrorReporter: Sendable {
    private let reported = Mutex<Set<String>>([])
    private let sink: @Sendable (String) -> Void

    init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    /// `what` happened; `consequence` says what the server did about it.
    func report(_ error: SystemError, _ consequence: String) {
        once(key: "\(error.call) \(error.code)", "challenge-server: \(error.text); \(consequence) (reported once)")
    }

    /// Writes `message` unless something with the same `key` was written before.
    func once(key: String, _ message: String) {
        let first = reported.withLock { $0.insert(key).inserted }
        if first { sink(message) }
    }
}
