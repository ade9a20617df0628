import Core
import TUI

/// A challenge's name on the command line (`--challenge articles`) and in the app.
public struct ChallengeID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// Everything the shell needs to offer a challenge: how the launcher names and describes it,
/// which mock endpoints it calls (the fault panel lists them), how to make its screen, and what
/// it adds to the live tools. One value per challenge, listed in `Challenge.all`.
public struct Challenge: Sendable {
    public let id: ChallengeID
    public let title: String
    /// One line for the launcher.
    public let summary: String
    /// The mock endpoints it calls, in the order the fault panel lists them.
    public let endpoints: [EndpointName]
    /// Failures the fault panel offers beyond the common ones (500, fail the next 3, a coin toss),
    /// for the errors this challenge's screens handle in their own way.
    public let extraFaults: [SimulatedFailure]
    /// Its screen, made anew each time it is opened.
    let makeScreen: @Sendable (AppEnvironment) -> any Screen
    /// The retry policies the network inspector explains, by the end of the request path.
    let retryPolicies: @Sendable (AppEnvironment) -> [(pathSuffix: String, policy: RetryPolicy)]
    /// Forgets what it stored between runs (`--reset`, the launcher's `x`); nil: nothing to forget.
    let forgetProgress: (@Sendable (AppEnvironment) throws(StoreError) -> String)?

    init(
        id: ChallengeID, title: String, summary: String, endpoints: [EndpointName], extraFaults: [SimulatedFailure],
        makeScreen: @escaping @Sendable (AppEnvironment) -> any Screen,
        retryPolicies: @escaping @Sendable (AppEnvironment) -> [(pathSuffix: String, policy: RetryPolicy)] = { _ in [] },
        forgetProgress: (@Sendable (AppEnvironment) throws(StoreError) -> String)? = nil
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.endpoints = endpoints
        self.extraFaults = extraFaults
        self.makeScreen = makeScreen
        self.retryPolicies = retryPolicies
        self.forgetProgress = forgetProgress
    }

    /// The challenge called `id`, if there is one.
    public static func named(_ id: ChallengeID) -> Challenge? {
        all.first { $0.id == id }
    }
}

extension EndpointName {
    /// Every mock endpoint of every challenge, in the fault panel's order.
    public static var all: [EndpointName] { Challenge.all.flatMap(\.endpoints) }
}
