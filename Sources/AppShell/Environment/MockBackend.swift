import Core
import Synchronization

/// The mock backend as the whole app shares it, as a server's state is shared by its clients:
/// its endpoints (the mock APIs draw each request's delay and outcome from them) and the
/// scenario it runs. Only the shell's runner changes it, doing what the fault panel's reducer
/// asks (`ShellEffect.changeMock`); with the HTTP backend it is made but unused.
public final class MockBackend: Sendable {
    /// One per endpoint name the challenges declare.
    public let endpoints: [EndpointName: MockEndpoint]
    /// The scenario's name, and the launcher's line for it, made when the scenario changes rather
    /// than at every frame (Docs/performance.md, "The sixth round").
    private let scenario: Mutex<(name: String, description: String)>

    /// Each endpoint with its own seed (its place in `names`, from 1), so their random draws
    /// don't move in lockstep.
    package init(_ names: [EndpointName], running scenario: Scenario) {
        var endpoints: [EndpointName: MockEndpoint] = [:]
        for (index, name) in names.enumerated() {
            endpoints[name] = MockEndpoint(name.rawValue, behaviour: scenario.behaviour(for: name), seed: UInt64(index + 1))
        }
        self.endpoints = endpoints
        self.scenario = Mutex((scenario.name, MockBackend.describe(scenario.name)))
    }

    /// The endpoint called `name` (every declared name has one).
    public func endpoint(_ name: EndpointName) -> MockEndpoint {
        // The fallback only keeps this total.
        endpoints[name] ?? MockEndpoint(name.rawValue, behaviour: .instant)
    }

    /// The scenario's name it runs now: the one the app started with until the fault panel's
    /// `s` loads another (Docs/live-tools.md).
    public var scenarioName: String { scenario.withLock { $0.name } }

    /// "mock backend (scenario default)": the launcher's and status lines' words for it.
    public var backendDescription: String { scenario.withLock { $0.description } }

    private static func describe(_ scenarioName: String) -> String { "mock backend (scenario \(scenarioName))" }

    /// The endpoints' behaviours now.
    public var behaviours: [EndpointName: EndpointBehaviour] { endpoints.mapValues(\.behaviour) }

    /// Sets `endpoint` to `behaviour`: its next request obeys it.
    package func set(_ behaviour: EndpointBehaviour, for endpoint: EndpointName) { self.endpoint(endpoint).behaviour = behaviour }

    /// Says it runs `name` now (its endpoints were set from it).
    package func runs(_ name: String) { scenario.withLock { $0 = (name, MockBackend.describe(name)) } }
}
