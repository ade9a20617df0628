import Synchronization

/// One simulated endpoint: its behaviour (changeable while the app runs, which is what the fault
/// panel does) and the random draws behind it. Thread-safe; shared by a mock API and the UI.
public final class MockEndpoint: Sendable {
    /// What the next request will do.
    public struct Plan: Hashable, Sendable {
        public var delay: Duration
        public var outcome: SimulatedOutcome
    }

    private struct State {
        var behaviour: EndpointBehaviour
        var random: SeededRandom
    }

    public let name: String
    private let state: Mutex<State>

    public init(_ name: String, behaviour: EndpointBehaviour, seed: UInt64 = 0) {
        self.name = name
        self.state = Mutex(State(behaviour: behaviour, random: SeededRandom(seed: seed)))
    }

    public var behaviour: EndpointBehaviour {
        get { state.withLock { $0.behaviour } }
        set { state.withLock { $0.behaviour = newValue } }
    }

    /// Draws the delay and outcome of the next request and consumes one step of a
    /// `failNext` or `sequence` pattern.
    public func nextPlan() -> Plan {
        state.withLock { state in
            let range = state.behaviour.delay
            let seconds = range.lowerBound + (range.upperBound - range.lowerBound) * state.random.nextUnit()
            let outcome: SimulatedOutcome
            switch state.behaviour.outcomes {
            case .alwaysSucceed:
                outcome = .success
            case .alwaysFail(let failure):
                outcome = .failure(failure)
            case .failNext(let count, let failure):
                if count > 0 {
                    outcome = .failure(failure)
                    state.behaviour.outcomes = count > 1 ? .failNext(count - 1, failure) : .alwaysSucceed
                } else {
                    outcome = .success
                }
            case .random(let probability, let failure):
                outcome = state.random.nextUnit() < probability ? .success : .failure(failure)
            case .sequence(let outcomes):
                outcome = outcomes.first ?? .success
                if outcomes.count > 1 { state.behaviour.outcomes = .sequence(Array(outcomes.dropFirst())) }
            }
            return Plan(delay: .milliseconds(Int64((seconds * 1000).rounded())), outcome: outcome)
        }
    }
}
