/// A failure a simulated endpoint can produce. The domain mocks turn it into what their real
/// server would answer (the profile mock, say, gives a 403 the error envelope of the contract).
public enum SimulatedFailure: Hashable, Sendable {
    /// An HTTP error status, and nothing more: the screen shows its generic answer for it.
    case status(Int)
    /// An HTTP error status whose answer names what it concerns, as a scenario writes it: the
    /// contract's `code` (for the profile, the field) and a message for people.
    case answer(status: Int, code: String, message: String)
    case timeout
    case refused
    case offline
    /// A 200 whose body is not what the contract promises.
    case malformed

    /// The error an HTTP client would report for it (bodies left empty).
    public var apiError: APIError {
        switch self {
        case .status(let status): .http(status: status, body: "")
        case .answer(let status, _, let message): .http(status: status, body: message)
        case .timeout: .timedOut
        case .refused: .connectionRefused
        case .offline: .offline
        case .malformed: .undecodable("the response is not valid JSON")
        }
    }
}

public enum SimulatedOutcome: Hashable, Sendable {
    case success
    case failure(SimulatedFailure)
}

/// Which outcome the next requests get.
public enum OutcomePattern: Hashable, Sendable {
    case alwaysSucceed
    case alwaysFail(SimulatedFailure)
    /// The next `count` requests fail, then every one succeeds.
    case failNext(Int, SimulatedFailure)
    /// Each request succeeds with `successProbability` (0...1), else fails with `failure`.
    case random(successProbability: Double, failure: SimulatedFailure)
    /// The outcomes in order, e.g. fail, fail, succeed; the last one repeats once they run out.
    case sequence([SimulatedOutcome])
}

/// What a simulated endpoint does: how long it takes (a uniform draw in `delay`, seconds) and
/// what it answers.
public struct EndpointBehaviour: Hashable, Sendable {
    public var delay: ClosedRange<Double>
    public var outcomes: OutcomePattern

    public init(delay: ClosedRange<Double>, outcomes: OutcomePattern) {
        precondition(delay.lowerBound >= 0, "delays are not negative")
        self.delay = delay
        self.outcomes = outcomes
    }

    public static let instant = EndpointBehaviour(delay: 0...0, outcomes: .alwaysSucceed)
}
