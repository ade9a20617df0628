import Core
import Foundation
import Synchronization

/// The flow's backend simulated in process: three `MockEndpoint`s (delay and outcome, changeable
/// while running — the fault panel does that) and the experiment to hand out. Delays sleep on
/// the injected clock, so tests with a manual or immediate clock never wait.
public final class MockNavigationAPI: NavigationAPI {
    /// Where the experiment comes from.
    public enum ExperimentSource: Hashable, Sendable {
        /// Always this one (a scenario or `--experiment`-like override).
        case fixed(Experiment)
        /// A fresh draw per request, repeatable with the seed.
        case random(seed: UInt64)
    }

    /// What the original server answers on a failed rLogin.
    public static let loginFailureBody = "Something went wrong"

    public let login: MockEndpoint
    public let fetchExperiments: MockEndpoint
    public let submitSelection: MockEndpoint
    private let clock: any Clock<Duration>
    private let source: Mutex<(source: ExperimentSource, random: SeededRandom)>

    public init(
        login: EndpointBehaviour, fetchExperiments: EndpointBehaviour, submitSelection: EndpointBehaviour,
        experiment: ExperimentSource = .random(seed: 0), clock: any Clock<Duration> = ContinuousClock(),
        seed: UInt64 = 0
    ) {
        // Different seeds per endpoint so their random draws don't move in lockstep.
        self.login = MockEndpoint(NavigationEndpoint.login.rawValue, behaviour: login, seed: seed)
        self.fetchExperiments = MockEndpoint(
            NavigationEndpoint.fetchExperiments.rawValue, behaviour: fetchExperiments, seed: seed &+ 1)
        self.submitSelection = MockEndpoint(
            NavigationEndpoint.submitSelection.rawValue, behaviour: submitSelection, seed: seed &+ 2)
        self.clock = clock
        self.source = Mutex((experiment, Self.random(for: experiment)))
    }

    /// From a scenario's behaviours keyed by endpoint name ("rLogin", "rFetchExperiments",
    /// "rSubmitSelection"); a missing endpoint answers at once and always succeeds.
    public convenience init(
        behaviours: [String: EndpointBehaviour], experiment: ExperimentSource = .random(seed: 0),
        clock: any Clock<Duration> = ContinuousClock(), seed: UInt64 = 0
    ) {
        self.init(
            login: behaviours[NavigationEndpoint.login.rawValue] ?? .instant,
            fetchExperiments: behaviours[NavigationEndpoint.fetchExperiments.rawValue] ?? .instant,
            submitSelection: behaviours[NavigationEndpoint.submitSelection.rawValue] ?? .instant,
            experiment: experiment, clock: clock, seed: seed)
    }

    /// The three endpoints, for the fault panel.
    public var endpoints: [MockEndpoint] { [login, fetchExperiments, submitSelection] }

    public func endpoint(_ endpoint: NavigationEndpoint) -> MockEndpoint {
        switch endpoint {
        case .login: login
        case .fetchExperiments: fetchExperiments
        case .submitSelection: submitSelection
        }
    }

    /// Changeable while running; a new `.random` source restarts its draws from its seed.
    public var experimentSource: ExperimentSource {
        get { source.withLock { $0.source } }
        set { source.withLock { $0 = (newValue, Self.random(for: newValue)) } }
    }

    public func login() async throws(APIError) -> SessionID {
        do {
            try await play(login)
        } catch .http(let status, _) {
            throw .http(status: status, body: Self.loginFailureBody)
        }
        return Self.makeSessionID()
    }

    public func fetchExperiment() async throws(APIError) -> Experiment {
        try await play(fetchExperiments)
        return source.withLock { state in
            switch state.source {
            case .fixed(let experiment):
                return experiment
            case .random:
                let all = Experiment.allCases
                return all[min(Int(state.random.nextUnit() * Double(all.count)), all.count - 1)]
            }
        }
    }

    public func submitSelection(sessionID: SessionID?, screen: String, selection: String) async throws(APIError) {
        try await play(submitSelection)
    }

    /// Waits the planned delay, then fails if the plan says so.
    private func play(_ endpoint: MockEndpoint) async throws(APIError) {
        let plan = endpoint.nextPlan()
        do {
            try await clock.sleep(for: plan.delay)
        } catch {
            throw .cancelled
        }
        if case .failure(let failure) = plan.outcome { throw failure.apiError }
    }

    private static func random(for source: ExperimentSource) -> SeededRandom {
        if case .random(let seed) = source { return SeededRandom(seed: seed) }
        return SeededRandom(seed: 0)
    }

    private static func makeSessionID() -> SessionID {
        // The real server hands out a UUID v4; so does the mock.
        UUID().uuidString.lowercased()
    }
}
