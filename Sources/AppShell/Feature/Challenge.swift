import Core
import TUI

/// A challenge's name on the command line (`--challenge articles`) and in the app.
public struct ChallengeID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// Everything the shell needs to offer a challenge, so that shared code names none: how the
/// launcher names and describes it, which mock endpoints it calls (the fault panel and scenario
/// files list them), how to make its screen, what it adds to the live tools, the keys it owns
/// in the configuration and scenario files, its command-line options, and what it keeps between
/// runs. One value per challenge, listed in `Challenge.all` (Docs/architecture.md, "Adding a
/// challenge").
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
    package let makeScreen: @Sendable (AppEnvironment) -> any Screen
    /// The retry policies the network inspector explains, by the end of the request path.
    package let retryPolicies: @Sendable (AppEnvironment) -> [(pathSuffix: String, policy: RetryPolicy)]
    /// Its keys in the configuration file (Docs/configuration.md), read by its own code.
    package let settings: [AnyChallengeSetting]
    /// Its keys in a scenario file besides `endpoints` (the flow's `experiment`).
    package let scenarioSettings: [AnyChallengeSetting]
    /// Its part of the built-in `default` scenario.
    package let defaultScenario: DefaultScenario
    /// Its command-line options (`--articles-url`), each setting one of its keys.
    package let options: [ChallengeOption]
    /// Fault-panel rows beyond its endpoints: choices the mock makes (the flow's next experiment).
    package let faultChoices: [FaultChoice]
    /// With the HTTP backend the fault panel says how to make the server fail instead: a line
    /// each (`challenge-server --articles-fail 3 — …`).
    package let serverFaults: [String]
    /// What it keeps between runs that `--reset` and the launcher's `x` forget; nil: nothing.
    package let progress: ChallengeProgress?
    /// Where it stands, for the launcher: read from the store, cheaply (a small record or two),
    /// once the first frame is on screen and whenever a challenge is left. nil: nothing to say.
    package let standing: (@Sendable (StandingContext) throws(StoreError) -> String)?
    /// What it tidies in its records when the encrypted store opens, before anything reads them:
    /// what a copy killed mid-save left behind. Run only on a store this process holds the data
    /// folder's lock of, so no other copy is writing (Docs/security.md, "Two copies on one data
    /// folder"). nil: nothing to tidy.
    package let tidyStore: (@Sendable (any RecordStore, Logger) -> Void)?
    /// Its screens' keys as declared, for the key tables of the docs and the man page
    /// (`KeyReference`); asked for only when those are written.
    package let keyGuides: @Sendable () -> [NamedKeyGuide]
    /// What it makes from the environment once and keeps for the app's lifetime (its backend):
    /// the environment holds one value per key, made the first time it is read.
    package let dependencies: [any DependencyKey.Type]

    package init(
        id: ChallengeID, title: String, summary: String, endpoints: [EndpointName], extraFaults: [SimulatedFailure] = [],
        makeScreen: @escaping @Sendable (AppEnvironment) -> any Screen,
        retryPolicies: @escaping @Sendable (AppEnvironment) -> [(pathSuffix: String, policy: RetryPolicy)] = { _ in [] },
        settings: [AnyChallengeSetting] = [], scenarioSettings: [AnyChallengeSetting] = [],
        defaultScenario: DefaultScenario = DefaultScenario(), options: [ChallengeOption] = [],
        faultChoices: [FaultChoice] = [], serverFaults: [String] = [], progress: ChallengeProgress? = nil,
        standing: (@Sendable (StandingContext) throws(StoreError) -> String)? = nil,
        tidyStore: (@Sendable (any RecordStore, Logger) -> Void)? = nil,
        keyGuides: @escaping @Sendable () -> [NamedKeyGuide] = { [] }, dependencies: [any DependencyKey.Type] = []
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.endpoints = endpoints
        self.extraFaults = extraFaults
        self.makeScreen = makeScreen
        self.retryPolicies = retryPolicies
        self.settings = settings
        self.scenarioSettings = scenarioSettings
        self.defaultScenario = defaultScenario
        self.options = options
        self.faultChoices = faultChoices
        self.serverFaults = serverFaults
        self.progress = progress
        self.standing = standing
        self.tidyStore = tidyStore
        self.keyGuides = keyGuides
        self.dependencies = dependencies
    }

    /// The challenge called `id` among `challenges`, if there is one.
    public static func named(_ id: ChallengeID, in challenges: [Challenge]) -> Challenge? {
        challenges.first { $0.id == id }
    }

    /// A challenge's part of the built-in `default` scenario: its endpoints that behave otherwise
    /// than the scenario's defaults, and a few words for the scenario's description.
    package struct DefaultScenario: Sendable {
        package var endpoints: [EndpointName: EndpointBehaviour] = [:]
        /// "rLogin fails once (visible retry)"; nil when there is nothing to say.
        package var note: String?

        package init(endpoints: [EndpointName: EndpointBehaviour] = [:], note: String? = nil) {
            self.endpoints = endpoints
            self.note = note
        }
    }
}

/// What a challenge keeps between runs, for `--reset` and the launcher's `x`.
package struct ChallengeProgress: Sendable {
    /// What is kept, for help texts: "the navigation flow's progress".
    package var what: String
    /// Whether anything is kept now: the launcher's `x` asks before forgetting only then.
    package var isKept: @Sendable (any RecordStore) throws(StoreError) -> Bool
    /// Forgets it; returns what the user is told ("The navigation flow will start afresh on screen A").
    package var forget: @Sendable (AppEnvironment) throws(StoreError) -> String

    package init(what: String, isKept: @escaping @Sendable (any RecordStore) throws(StoreError) -> Bool, forget: @escaping @Sendable (AppEnvironment) throws(StoreError) -> String) {
        self.what = what
        self.isKept = isKept
        self.forget = forget
    }
}
