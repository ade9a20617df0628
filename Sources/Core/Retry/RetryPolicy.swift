/// How often and how patiently an operation is tried again. A value: the reducers of the
/// challenges read delays from it (each domain declares its own policy).
public struct RetryPolicy: Equatable, Hashable, Sendable {
    /// How long to wait before attempt `n + 1`, given attempt `n` (1-based) failed.
    public enum Schedule: Equatable, Hashable, Sendable {
        case constant(Duration)
        /// `initial`, `initial * multiplier`, … never more than `cap`.
        case exponential(initial: Duration, multiplier: Double, cap: Duration)
    }

    /// Which failures are worth another attempt.
    public enum Retryable: String, Equatable, Hashable, Sendable, CaseIterable {
        /// HTTP 5xx and transport errors (offline, refused, timed out).
        case transient
        /// Every failure except cancellation and an answer over the size limit.
        case all
    }

    /// Attempts in all, the first included; `nil` means no limit.
    public var maxAttempts: Int?
    public var schedule: Schedule
    /// Fraction (0...1) of each delay that may be added at random, drawn from an injected source.
    public var jitter: Double
    public var retryable: Retryable

    public init(maxAttempts: Int?, schedule: Schedule, jitter: Double = 0, retryable: Retryable = .transient) {
        precondition(maxAttempts.map { $0 >= 1 } ?? true, "a policy allows at least one attempt")
        precondition((0...1).contains(jitter), "jitter is a fraction of the delay")
        self.maxAttempts = maxAttempts
        self.schedule = schedule
        self.jitter = jitter
        self.retryable = retryable
    }


    /// The delay before the attempt after `attempt` (1-based), without jitter.
    public func delay(after attempt: Int) -> Duration {
        precondition(attempt >= 1)
        switch schedule {
        case .constant(let delay):
            return delay
        case .exponential(let initial, let multiplier, let cap):
            // Grow step by step so a huge attempt number can't overflow: the cap stops it early.
            var delay = initial
            for _ in 1..<attempt {
                if delay >= cap { break }
                delay = delay * multiplier
            }
            return min(delay, cap)
        }
    }

    /// The delay before the attempt after `attempt`, with jitter drawn from `unitRandom`
    /// (a value in 0..<1; injected so tests are deterministic).
    public func delay(after attempt: Int, unitRandom: () -> Double) -> Duration {
        let base = delay(after: attempt)
        guard jitter > 0 else { return base }
        return base + base * (jitter * unitRandom())
    }

    /// Whether a failure of `attempt` (1-based) with `error` should be followed by another.
    public func shouldRetry(_ error: APIError, after attempt: Int) -> Bool {
        // The same request gets the same oversized answer: asking again only downloads it again.
        if case .responseTooLarge = error { return false }
        if error == .cancelled { return false }
        if let maxAttempts, attempt >= maxAttempts { return false }
        switch retryable {
        case .transient: return error.isTransient
        case .all: return true
        }
    }

    /// Retries allowed after the first attempt (`nil`: unbounded). Articles show "retry N of 3".
    public var maxRetries: Int? { maxAttempts.map { $0 - 1 } }
}
