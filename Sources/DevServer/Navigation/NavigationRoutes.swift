import Contract
import Core
import Foundation
import Synchronization

/// rLogin, rFetchExperiments, rSubmitSelection: the original server.js (Docs/server.md), with a fair coin instead
/// of its always-false draw and exact override delays.
final class NavigationRoutes: Sendable {
    /// Delay and outcome of one request, drawn when it arrives.
    struct Plan: Equatable {
        var delay: Double
        var succeeds: Bool
    }

    /// One endpoint's override and its own random stream, so the draws of one endpoint don't
    /// depend on how requests to the others interleave.
    private final class Endpoint: Sendable {
        let override: NavigationOverride
        let delayRange: ClosedRange<Double>
        let random: Mutex<SeededRandom>

        init(_ override: NavigationOverride, delayRange: ClosedRange<Double>, seed: UInt64) {
            self.override = override
            self.delayRange = delayRange
            self.random = Mutex(SeededRandom(seed: seed))
        }

        /// Draws the plan and, in the same step, whatever else the answer needs, so a seed gives
        /// the same sequence of answers.
        func plan<Extra>(_ extra: (inout SeededRandom) -> Extra) -> (Plan, Extra) {
            random.withLock { random in
                let delay = override.delay ?? delayRange.lowerBound + (delayRange.upperBound - delayRange.lowerBound) * random.nextUnit()
                let succeeds = override.succeeds ?? (random.next() & 1 == 1)
                return (Plan(delay: (delay * 1000).rounded() / 1000, succeeds: succeeds), extra(&random))
            }
        }
    }

    private let login: Endpoint
    private let fetchExperiments: Endpoint
    private let submitSelection: Endpoint
    private let experiment: Experiment?

    init(configuration: DevServerConfiguration, seed: UInt64) {
        let range = configuration.randomDelay
        login = Endpoint(configuration.login, delayRange: range, seed: seed)
        fetchExperiments = Endpoint(configuration.fetchExperiments, delayRange: range, seed: seed &+ 1)
        submitSelection = Endpoint(configuration.submitSelection, delayRange: range, seed: seed &+ 2)
        experiment = configuration.experiment
    }

    func install(in router: inout Router) {
        router.add("GET", NavigationEndpoint.login.path) { [self] _ in respondToLogin() }
        router.add("GET", NavigationEndpoint.fetchExperiments.path) { [self] _ in respondToFetchExperiments() }
        // The query items (sessionId, screen, selection) are accepted and not looked at, like the
        // original; they are not logged either (the log shows the path only).
        router.add("GET", NavigationEndpoint.submitSelection.path) { [self] _ in respondToSubmitSelection() }
    }

    func respondToLogin() -> DelayedResponse {
        let (plan, sessionID) = login.plan { UUIDv4.make(using: &$0) }
        return DelayedResponse(plan.succeeds ? .json(200, Data(#"{"sessionId":"\#(sessionID)"}"#.utf8)) : Self.failure, after: plan.delay)
    }

    func respondToFetchExperiments() -> DelayedResponse {
        let (plan, drawn) = fetchExperiments.plan { random in
            Experiment.allCases[Int(random.next() % UInt64(Experiment.allCases.count))]
        }
        return DelayedResponse(plan.succeeds ? .json(200, Data(#""\#((experiment ?? drawn).rawValue)""#.utf8)) : Self.failure, after: plan.delay)
    }

    func respondToSubmitSelection() -> DelayedResponse {
        let (plan, _) = submitSelection.plan { _ in () }
        return DelayedResponse(plan.succeeds ? .text(200, "") : Self.failure, after: plan.delay)
    }

    static let failure = ServerResponse.text(500, NavigationWire.failureText)
}
