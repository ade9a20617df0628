import Contract
import Core
import FoundationEssentials
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
    public static let loginFailureBody = NavigationWire.failureText

    public let login: MockEndpoint
    public let fetchExperiments: MockEndpoint
    public let submitSelection: MockEndpoint
    private let clock: any Clock<Duration>
    private let monitor: NetworkMonitor?
    private let source: Mutex<(source: ExperimentSource, random: SeededRandom)>
    /// Where session ids come from: drawn, like the coin tosses, from a seed, so a run (and a
    /// recording made from scripts: Docs/recording.md) is the same every time.
    private let sessionIDs: Mutex<SeededRandom>

    public convenience init(
        login: EndpointBehaviour, fetchExperiments: EndpointBehaviour, submitSelection: EndpointBehaviour,
        experiment: ExperimentSource = .random(seed: 0), clock: any Clock<Duration>,
        seed: UInt64 = 0, monitor: NetworkMonitor? = nil
    ) {
        // Different seeds per endpoint so their random draws don't move in lockstep.
        self.init(
            login: MockEndpoint(NavigationEndpoint.login.rawValue, behaviour: login, seed: seed),
            fetchExperiments: MockEndpoint(
                NavigationEndpoint.fetchExperiments.rawValue, behaviour: fetchExperiments, seed: seed &+ 1),
            submitSelection: MockEndpoint(
                NavigationEndpoint.submitSelection.rawValue, behaviour: submitSelection, seed: seed &+ 2),
            experiment: experiment, clock: clock, monitor: monitor)
    }

    /// On endpoints made elsewhere (the app shares them with the fault panel). Every simulated
    /// request is reported to `monitor`, with the method and path the HTTP backend would use.
    public init(
        login: MockEndpoint, fetchExperiments: MockEndpoint, submitSelection: MockEndpoint,
        experiment: ExperimentSource = .random(seed: 0), clock: any Clock<Duration>,
        monitor: NetworkMonitor? = nil, sessionSeed: UInt64 = 0
    ) {
        sessionIDs = Mutex(SeededRandom(seed: sessionSeed))
        self.login = login
        self.fetchExperiments = fetchExperiments
        self.submitSelection = submitSelection
        self.clock = clock
        self.monitor = monitor
        self.source = Mutex((experiment, Self.random(for: experiment)))
    }

    /// From a scenario's behaviours keyed by endpoint name ("rLogin", "rFetchExperiments",
    /// "rSubmitSelection"); a missing endpoint answers at once and always succeeds.
    public convenience init(
        behaviours: [String: EndpointBehaviour], experiment: ExperimentSource = .random(seed: 0),
        clock: any Clock<Duration>, seed: UInt64 = 0, monitor: NetworkMonitor? = nil
    ) {
        self.init(
            login: behaviours[NavigationEndpoint.login.rawValue] ?? .instant,
            fetchExperiments: behaviours[NavigationEndpoint.fetchExperiments.rawValue] ?? .instant,
            submitSelection: behaviours[NavigationEndpoint.submitSelection.rawValue] ?? .instant,
            experiment: experiment, clock: clock, seed: seed, monitor: monitor)
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
        try await login(attempt: 1)
    }

    public func login(attempt: Int) async throws(APIError) -> SessionID {
        do {
            try await play(login, path: Self.path(.login), attempt: attempt)
        } catch .http(let status, _) {
            throw .http(status: status, body: Self.loginFailureBody)
        }
        return sessionIDs.withLock { Self.makeSessionID(&$0) }
    }

    public func fetchExperiment() async throws(APIError) -> Experiment {
        try await play(fetchExperiments, path: Self.path(.fetchExperiments))
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
        let query = HTTPNavigationAPI.submissionQuery(sessionID: sessionID, screen: screen, selection: selection)
        try await play(submitSelection, path: Self.path(.submitSelection, query: query))
    }

    /// Waits the planned delay, then fails if the plan says so; the monitor sees it as a GET of
    /// `path` that answered 200 or failed as planned.
    private func play(_ endpoint: MockEndpoint, path: String, attempt: Int = 1) async throws(APIError) {
        let token = monitor?.begin(method: "GET", path: path, attempt: attempt, transport: .simulated)
        var failure: APIError?
        do {
            if case .failure(let planned) = try await endpoint.play(on: clock) { failure = planned.apiError }
        } catch {
            failure = error
        }
        if let token { monitor?.end(token, failure.map { .failure($0) } ?? .response(status: 200)) }
        if let failure { throw failure }
    }

    /// The path and query the HTTP backend would request, e.g. `/rSubmitSelection?screen=B1&…`.
    static func path(_ endpoint: NavigationEndpoint, query: [URLQueryItem] = []) -> String {
        var components = URLComponents()
        components.path = endpoint.path
        if !query.isEmpty {
            components.queryItems = query
            // As HTTPNavigationAPI sends it: "+" encoded, not read as a space.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacing("+", with: "%2B")
        }
        return components.percentEncodedQuery.map { "\(components.percentEncodedPath)?\($0)" }
            ?? components.percentEncodedPath
    }

    private static func random(for source: ExperimentSource) -> SeededRandom {
        if case .random(let seed) = source { return SeededRandom(seed: seed) }
        return SeededRandom(seed: 0)
    }

    /// A UUID v4 as the real server hands out, its random bits from `random`.
    static func makeSessionID(_ random: inout SeededRandom) -> SessionID {
        var bytes: [UInt8] = []
        for _ in 0..<2 {
            let word = random.next()
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: word >> (56 - 8 * $0)) }
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex = bytes.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }
        return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
    }
}
