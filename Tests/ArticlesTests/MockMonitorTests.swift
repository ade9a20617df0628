import Core
import Foundation
import Testing
import CoreTesting
@testable import Articles

/// The articles mock reports each simulated `GET /articles` with its attempt number.
@Suite(.timeLimit(.minutes(1))) struct MockArticlesMonitorTests {
    @Test func eachFetchIsReportedWithItsAttemptAndOutcome() async throws {
        let monitor = NetworkMonitor(time: .system)
        let endpoint = MockEndpoint("articles", behaviour: EndpointBehaviour(delay: 0...0, outcomes: .failNext(1, .status(503))))
        let api = MockArticlesAPI(endpoint: endpoint, clock: ContinuousClock(), monitor: monitor)
        await #expect(throws: APIError.http(status: 503, body: "")) { try await api.fetchArticles(attempt: 1) }
        _ = try await api.fetchArticles(attempt: 2)
        #expect(monitor.history.map(\.method) == ["GET", "GET"])
        #expect(monitor.history.map(\.path) == ["/articles", "/articles"])
        #expect(monitor.history.map(\.attempt) == [1, 2])
        #expect(monitor.history.map(\.outcome) == [.failure(.http(status: 503, body: "")), .response(status: 200)])
    }

    @Test func aMalformedAnswerIsStillA200LikeOverHTTP() async throws {
        let monitor = NetworkMonitor(time: .system)
        let api = MockArticlesAPI(
            endpoint: MockEndpoint("articles", behaviour: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.malformed))),
            clock: ContinuousClock(), monitor: monitor)
        #expect(try await api.fetchArticles() == MockArticlesAPI.malformedBody)
        #expect(monitor.history.first?.outcome == .response(status: 200))
    }

    @Test func aCancelledFetchIsRecordedAsCancelled() async throws {
        let clock = ManualClock()
        let executor = ManualExecutor()
        let monitor = NetworkMonitor(time: .driven(by: clock))
        let api = MockArticlesAPI(
            endpoint: MockEndpoint("articles", behaviour: EndpointBehaviour(delay: 3...3, outcomes: .alwaysSucceed)),
            clock: clock, monitor: monitor)
        let task = Task(executorPreference: executor) { try await api.fetchArticles(attempt: 1) }
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
        #expect(monitor.history.first?.isPending == true)
        task.cancel()
        executor.runUntilIdle()
        _ = await task.result
        #expect(monitor.history.first?.outcome == .failure(.cancelled))
    }
}
