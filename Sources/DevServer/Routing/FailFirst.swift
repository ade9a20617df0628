import Synchronization

/// `--articles-fail N`, `--profile-fail N`: the first N requests fail, then all succeed.
final class FailFirst: Sendable {
    private let remaining: Mutex<Int>

    init(_ count: Int) {
        remaining = Mutex(max(0, count))
    }

    /// True for the first N calls.
    func next() -> Bool {
        remaining.withLock { remaining in
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }
}
