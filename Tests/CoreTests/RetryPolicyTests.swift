import Testing
@testable import Core

@Suite struct RetryPolicyTests {
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

    @Test func loginBacksOffOneTwoFourEightThenFifteenSecondsForever() {
        let policy = RetryPolicy.login
        let delays = (1...8).map { policy.delay(after: $0) }
        #expect(delays == [1, 2, 4, 8, 15, 15, 15, 15].map { Duration.seconds($0) })
        #expect(policy.delay(after: 10_000) == .seconds(15))
        #expect(policy.maxRetries == nil)
        #expect(policy.shouldRetry(.http(status: 500, body: ""), after: 1_000))
        #expect(!policy.shouldRetry(.cancelled, after: 1))
    }

    @Test func singleTryNeverRetries() {
        #expect(!RetryPolicy.singleTry.shouldRetry(.timedOut, after: 1))
        #expect(RetryPolicy.singleTry.maxRetries == 0)
    }

    @Test func jitterAddsAtMostItsFractionFromTheInjectedSource() {
        let policy = RetryPolicy(maxAttempts: 3, schedule: .constant(.seconds(2)), jitter: 0.5)
        #expect(policy.delay(after: 1, unitRandom: { 0 }) == .seconds(2))
        #expect(policy.delay(after: 1, unitRandom: { 0.5 }) == .milliseconds(2500))
    }

    @Test func errorsExplainThemselvesAndKnowWhetherRetryingHelps() {
        #expect(APIError.http(status: 503, body: "").message == "Server error 503")
        #expect(APIError.http(status: 404, body: "").message == "The server answered 404")
        #expect(APIError.http(status: 404, body: "").status == 404)
        #expect(APIError.timedOut.status == nil)
        #expect(!APIError.http(status: 422, body: "").isTransient)
        #expect(APIError.http(status: 599, body: "").isTransient)
    }
}
