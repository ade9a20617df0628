import Core

extension RetryPolicy {
    /// One try, no retry: for tests about a single request's outcome.
    public static let singleTry = RetryPolicy(maxAttempts: 1, schedule: .constant(.zero))
}
