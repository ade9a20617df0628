import Core
import Testing
@testable import Navigation

/// "rLogin should have a retry logic (the other requests should fail after 1 try)".
@Suite(.timeLimit(.minutes(10))) struct LoginRetryPolicyTests {
    @Test func loginBacksOffOneTwoFourEightThenFifteenSecondsForever() {
        let policy = RetryPolicy.login
        let delays = (1...8).map { policy.delay(after: $0) }
        #expect(delays == [1, 2, 4, 8, 15, 15, 15, 15].map { Duration.seconds($0) })
        #expect(policy.delay(after: 10_000) == .seconds(15))
        #expect(policy.maxRetries == nil)
        #expect(policy.shouldRetry(.http(status: 500, body: ""), after: 1_000))
        #expect(!policy.shouldRetry(.cancelled, after: 1))
    }
}
