import Core
import Foundation
import Testing
import CoreTesting
@testable import Navigation

/// The mock reports every simulated request to the network inspector's monitor, exactly as the
/// HTTP backend's requests would appear.
@Suite(.timeLimit(.minutes(1))) struct MockMonitorTests {
    @Test func loginIsReportedAsGetRLoginWithItsAttempt() async throws {
        let clock = ManualClock()
        let executor = ManualExecutor()
        let monitor = NetworkMonitor(time: .driven(by: clock))
        let api = MockNavigationAPI(
            login: EndpointBehaviour(delay: 2...2, outcomes: .failNext(1, .status(500))), fetchExperiments: .instant,
            submitSelection: .instant, clock: clock, monitor: monitor)

        let first = Task(executorPreference: executor) { try? await api.login(attempt: 3) }
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
        let pending = try #require(monitor.history.first)
        #expect(pending.method == "GET")
        #expect(pending.path == "/rLogin")
        #expect(pending.attempt == 3)
        #expect(pending.transport == .simulated)
        #expect(pending.isPending)
        clock.advance(by: .seconds(2))
        executor.runUntilIdle()
        _ = await first.value

        let failed = try #require(monitor.history.first)
        #expect(failed.outcome == .failure(.http(status: 500, body: "")))
        #expect(failed.duration == .seconds(2))

        let second = Task(executorPreference: executor) { try? await api.login(attempt: 4) }
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(2))
        executor.runUntilIdle()
        #expect(await second.value != nil)
        #expect(monitor.history.map(\.outcome) == [.failure(.http(status: 500, body: "")), .response(status: 200)])
        #expect(monitor.history.map(\.attempt) == [3, 4])
    }

    @Test func fetchAndSubmitUseTheHTTPBackendsPaths() async throws {
        let monitor = NetworkMonitor(time: .system)
        let api = MockNavigationAPI(
            login: .instant, fetchExperiments: .instant,
            submitSelection: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.status(500))),
            experiment: .fixed(.screenB1), clock: ContinuousClock(), monitor: monitor)
        _ = try await api.fetchExperiment()
        await #expect(throws: APIError.http(status: 500, body: "")) {
            try await api.submitSelection(sessionID: "abc", screen: "B1", selection: "Choice A+B")
        }
        #expect(monitor.history.map(\.path) == [
            "/rFetchExperiments", "/rSubmitSelection?sessionId=abc&screen=B1&selection=Choice%20A%2BB",
        ])
        #expect(monitor.history.map(\.outcome) == [.response(status: 200), .failure(.http(status: 500, body: ""))])
        // The same URL the HTTP backend would request.
        let http = HTTPNavigationAPI(client: UnusedClient())
        let url = http.url(
            .submitSelection, query: HTTPNavigationAPI.submissionQuery(sessionID: "abc", screen: "B1", selection: "Choice A+B"))
        #expect(url.absoluteString.hasSuffix(monitor.history[1].path))
    }

    @Test func aCancelledRequestIsRecordedAsCancelled() async throws {
        let clock = ManualClock()
        let executor = ManualExecutor()
        let monitor = NetworkMonitor(time: .driven(by: clock))
        let api = MockNavigationAPI(
            login: .instant, fetchExperiments: EndpointBehaviour(delay: 5...5, outcomes: .alwaysSucceed),
            submitSelection: .instant, clock: clock, monitor: monitor)
        let task = Task(executorPreference: executor) { try await api.fetchExperiment() }
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
        task.cancel()
        executor.runUntilIdle()
        _ = await task.result
        #expect(monitor.history.first?.outcome == .failure(.cancelled))
    }

    @Test func theRuntimePassesTheLoginAttemptThrough() async throws {
        let monitor = NetworkMonitor(time: .system)
        let api = MockNavigationAPI(login: .instant, fetchExperiments: .instant, submitSelection: .instant, clock: ContinuousClock(), monitor: monitor)
        let runtime = NavigationRuntime(api: api, time: .driven(by: ContinuousClock()), store: InMemoryRecordStore())
        await runtime.perform(.login(attempt: 5)) { _ in }
        #expect(monitor.history.map(\.attempt) == [5])
    }

    @Test func withoutAMonitorNothingIsRecordedAndNothingBreaks() async throws {
        let api = MockNavigationAPI(login: .instant, fetchExperiments: .instant, submitSelection: .instant, clock: ContinuousClock())
        #expect(try await api.login(attempt: 2).count == 36)
    }
}

private struct UnusedClient: HTTPClient {
    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse { throw .offline }
}
