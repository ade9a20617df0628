import Synchronization

/// Keys seen before, so a message repeated for every picture is logged the first time only.
final class LoggedOnce: Sendable {
    private let seen = Mutex<Set<String>>([])

    /// True the first time `key` is given.
    func first(_ key: String) -> Bool {
        seen.withLock { $0.insert(key).inserted }
    }
}
