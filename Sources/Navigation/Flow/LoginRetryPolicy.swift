import Core

extension RetryPolicy {
    /// rLogin: 1, 2, 4, 8, then 15 s between attempts, with no limit unless configured (the
    /// challenge asks for retry logic on rLogin only).
    public static let login = RetryPolicy(
        maxAttempts: nil,
        schedule: .exponential(initial: .seconds(1), multiplier: 2, cap: .seconds(15)),
        retryable: .all
    )
}
