import Core
import Testing
@testable import Articles

/// The challenge: "retry 3 times with 2 seconds backoff delay" on a 500 or a network failure.
@Suite(.timeLimit(.minutes(10))) struct ArticlesRetryPolicyTests {
    @Test func articlesSyncRetriesThreeTimesTwoSecondsApartOnTransientFailuresOnly() {
        let policy = RetryPolicy.articlesSync
        #expect(policy.maxRetries == 3)
        #expect((1...3).allSatisfy { policy.delay(after: $0) == .seconds(2) })
        #expect(policy.shouldRetry(.http(status: 500, body: ""), after: 3))
        #expect(!policy.shouldRetry(.http(status: 500, body: ""), after: 4))
        #expect(policy.shouldRetry(.timedOut, after: 1))
        #expect(policy.shouldRetry(.connectionRefused, after: 1))
        #expect(policy.shouldRetry(.offline, after: 1))
        #expect(!policy.shouldRetry(.http(status: 404, body: ""), after: 1))
        #expect(!policy.shouldRetry(.undecodable("x"), after: 1))
        #expect(!policy.shouldRetry(.cancelled, after: 1))
    }
}
