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

    /// Plays the next request: waits its planned delay on `clock` (not at all for no delay) and
    /// returns its planned outcome. A task cancelled meanwhile gets `.cancelled`.
    public func play(on clock: any Clock<Duration>) async throws(APIError) -> SimulatedOutcome {
        let plan = nextPlan()
        if plan.delay > .zero {
            do {
                try await clock.sleep(for: plan.delay)
            } catch {
                throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
        return plan.outcome
    }
}
