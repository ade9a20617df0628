import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct RetryPolicyTests {
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
        #expect(APIError.http(status: 404, body: "").message == "The server answered 404 (not found)")
        #expect(APIError.http(status: 418, body: "").message == "The server answered 418")
        #expect(APIError.http(status: 404, body: "").status == 404)
        #expect(APIError.timedOut.status == nil)
        #expect(!APIError.http(status: 422, body: "").isTransient)
        #expect(APIError.http(status: 599, body: "").isTransient)
    }
}
