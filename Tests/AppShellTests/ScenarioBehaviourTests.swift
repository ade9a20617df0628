@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import CoreTesting
import Foundation
import Navigation
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import Testing

/// Every scenario in `Config/scenarios` loads, and does what its description says when the
/// app's mock APIs run under it on a manual clock (delays measured on that clock by the
/// network monitor, outcomes as the callers see them).
@Suite(.timeLimit(.minutes(10))) struct ScenarioBehaviourTests {
    /// The scenarios compiled in (the text of `Config/scenarios`), as an installed program has them.
    static let library = ScenarioLibrary(directory: nil)

    /// The app's environment under `name`, with time on a manual clock.
    final class Backend {
        let clock = ManualClock()
        let executor = ManualExecutor()
        let environment: AppEnvironment

        init(_ name: String) throws {
            environment = AppEnvironment(options: LaunchOptions(), scenario: try library.load(name), time: .driven(by: clock), challenges: Challenge.all)
        }

        var monitor: NetworkMonitor { environment.monitor }

        /// Runs one request to its end: waits until it sleeps on the clock, moves the clock to
        /// its deadline, and returns how it ended and how long it took.
        func run<T: Sendable>(_ request: @escaping @Sendable () async throws(APIError) -> T) async -> (Result<T, APIError>, Duration) {
            let task = Task(executorPreference: executor) { () async -> Result<T, APIError> in
                do throws(APIError) { return .success(try await request()) } catch { return .failure(error) }
            }
            executor.runUntilIdle()
            let waited = clock.advanceToNextDeadline() ?? .zero
            executor.runUntilIdle()
            return (await task.value, waited)
        }

        func login() async -> (Result<SessionID, APIError>, Duration) {
            let api = environment.navigationAPI
            return await run { () async throws(APIError) in try await api.login(attempt: 1) }
        }

        /// One request of every endpoint, in order.
        func everyEndpoint() async -> [(EndpointName, Result<Void, APIError>, Duration)] {
            let navigation = environment.navigationAPI
            let articles = environment.articlesAPI
            let profile = environment.profileAPI
            let calls: [(EndpointName, @Sendable () async throws(APIError) -> Void)] = [
                (.rLogin, { () async throws(APIError) in _ = try await navigation.login() }),
                (.rFetchExperiments, { () async throws(APIError) in _ = try await navigation.fetchExperiment() }),
                (.rSubmitSelection, { () async throws(APIError) in
                    try await navigation.submitSelection(sessionID: nil, screen: "B1", selection: "Choice A")
                }),
                (.articles, { () async throws(APIError) in _ = try await articles.fetchArticles(attempt: 1) }),
                (.profile, { () async throws(APIError) in _ = try await profile.fetchProfile() }),
                (.profileUpdate, { () async throws(APIError) in _ = try await profile.updateProfile(firstName: "Ada", lastName: "King") }),
                (.passwordChange, { () async throws(APIError) in
                    try await profile.changePassword(
                        current: Secret(MockProfileAPI.defaultPassword), new: Secret("brand-new-pw1"),
                        confirmation: Secret("brand-new-pw1"))
                }),
            ]
            var results: [(EndpointName, Result<Void, APIError>, Duration)] = []
            for (endpoint, call) in calls {
                let (result, waited) = await run(call)
                results.append((endpoint, result, waited))
            }
            return results
        }
    }

    @Test func everyScenarioFileLoads() throws {
        let names = Self.library.names()
        #expect(names == ["default", "flaky", "happy", "login-down", "offline", "server-errors", "slow"])
        for name in names {
            let scenario = try Self.library.load(name)
            #expect(scenario.name == name)
            #expect(!scenario.description.isEmpty, "\(name) says what it demonstrates")
        }
        #expect(try Self.library.load("default") == .builtInDefault)
    }

    @Test func happyAnswersEveryRequestQuicklyAndSuccessfully() async throws {
        let backend = try Backend("happy")
        for (endpoint, result, waited) in await backend.everyEndpoint() {
            #expect((try? result.get()) != nil, "\(endpoint) succeeds")
            #expect(waited >= .milliseconds(100) && waited <= .milliseconds(300), "\(endpoint) took \(waited)")
        }
        #expect(backend.monitor.history.count == 7)
        #expect(backend.monitor.history.allSatisfy { $0.outcome == .response(status: 200) })
    }

    @Test func defaultFailsTheFirstLoginOnceThenEverythingSucceeds() async throws {
        let backend = try Backend("default")
        #expect(await backend.login().0.failureStatus == 500)
        for (endpoint, result, waited) in await backend.everyEndpoint() {
            #expect((try? result.get()) != nil, "\(endpoint) succeeds")
            #expect(waited >= .milliseconds(500) && waited <= .seconds(2))
        }
    }

    @Test func loginDownFailsRLoginFiveTimesThenRecovers() async throws {
        let backend = try Backend("login-down")
        for attempt in 1...5 {
            let (result, waited) = await backend.login()
            #expect(result.failureStatus == 500, "attempt \(attempt) fails")
            #expect(waited >= .milliseconds(200) && waited <= .milliseconds(500))
        }
        #expect((try? await backend.login().0.get()) != nil, "the sixth attempt signs in")
        for (endpoint, result, _) in await backend.everyEndpoint() where endpoint != .rLogin {
            #expect((try? result.get()) != nil, "\(endpoint) succeeds")
        }
    }

    @Test func offlineFailsEveryRequestWithATransportError() async throws {
        let backend = try Backend("offline")
        for (endpoint, result, _) in await backend.everyEndpoint() {
            let error = result.failure
            #expect(error == (endpoint == .articles ? .connectionRefused : .offline), "\(endpoint): \(String(describing: error))")
            #expect(error?.isTransient == true)
        }
        // Still down on the next round.
        #expect(await backend.login().0.failure == .offline)
    }

    @Test func serverErrorsAnswer5xxEverywhere() async throws {
        let backend = try Backend("server-errors")
        for _ in 1...2 {
            for (endpoint, result, _) in await backend.everyEndpoint() {
                let status = result.failureStatus
                #expect(status.map { (500...599).contains($0) } == true, "\(endpoint) answered \(String(describing: status))")
            }
        }
        #expect(backend.monitor.history.allSatisfy { ($0.outcome.status ?? 0) >= 500 })
    }

    @Test func slowTakesFiveToFifteenSecondsAndSucceeds() async throws {
        let backend = try Backend("slow")
        for (endpoint, result, waited) in await backend.everyEndpoint() {
            #expect((try? result.get()) != nil, "\(endpoint) succeeds")
            #expect(waited >= .seconds(5) && waited <= .seconds(15), "\(endpoint) took \(waited)")
        }
        let durations = backend.monitor.history.compactMap(\.duration)
        #expect(durations.count == 7 && durations.allSatisfy { $0 >= .seconds(5) && $0 <= .seconds(15) })
    }

    @Test func flakyFailsSomeRequestsAndNotOthersTheSameWayEachRun() async throws {
        func outcomes() async throws -> [Int?] {
            let backend = try Backend("flaky")
            var statuses: [Int?] = []
            for _ in 1...20 { statuses.append(await backend.login().0.failureStatus) }
            return statuses
        }
        let first = try await outcomes()
        let failures = first.compactMap { $0 }
        #expect(!failures.isEmpty, "some logins fail")
        #expect(failures.count < first.count, "some logins succeed")
        #expect(failures.allSatisfy { $0 == 500 })
        #expect(try await outcomes() == first, "the endpoints' seeds make it repeatable")

        let backend = try Backend("flaky")
        var articleErrors: Set<APIError> = []
        for _ in 1...20 {
            let articles = backend.environment.articlesAPI
            if let error = await backend.run({ () async throws(APIError) in try await articles.fetchArticles(attempt: 1) }).0.failure {
                articleErrors.insert(error)
            }
        }
        #expect(articleErrors == [.timedOut], "articles fail by timing out")
    }
}

extension Result where Failure == APIError {
    var failure: APIError? {
        if case .failure(let error) = self { return error }
        return nil
    }

    var failureStatus: Int? { failure?.status }
}
