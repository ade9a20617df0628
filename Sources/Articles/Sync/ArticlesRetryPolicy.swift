import Core

extension RetryPolicy {
    /// Articles sync, as the challenge asks: 3 retries 2 s apart (4 attempts in all), on a 500 or
    /// a network failure (5xx and transport errors) only, before an error is shown.
    public static let articlesSync = RetryPolicy(maxAttempts: 4, schedule: .constant(.seconds(2)))
}
