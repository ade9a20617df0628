import AppShell
import Contract
import Core
import Navigation
import TUI

extension ChallengeID {
    public static let navigation = ChallengeID(rawValue: "navigation")
}

extension Challenge {
    /// The navigation flow's registration.
    package static let navigation = Challenge(
        id: .navigation, title: "Navigation flow",
        summary: "Screens A → B → C → D driven by slow, failing requests; live retries",
        endpoints: [.rLogin, .rFetchExperiments, .rSubmitSelection], extraFaults: [.timeout, .offline],
        makeScreen: { environment in FeatureHost(NavigationFeature(environment: environment), executor: environment.executor) },
        retryPolicies: { environment in [(NavigationEndpoint.login.path, environment.configuration[NavigationSettings.loginRetry])] },
        settings: [NavigationSettings.loginRetry.erased],
        scenarioSettings: [NavigationSettings.experiment.erased],
        defaultScenario: DefaultScenario(
            endpoints: [.rLogin: EndpointBehaviour(delay: 0.5...2, outcomes: .failNext(1, .status(500)))],
            note: "rLogin fails once (visible retry)"),
        faultChoices: [NavigationSettings.nextExperiment],
        serverFaults: [
            "challenge-server 3 false 15 true 4 false — rLogin fails after 3 s, rFetchExperiments succeeds "
                + "after 15 s, rSubmitSelection fails after 4 s; --experiment screenB2 forces the experiment",
        ],
        progress: ChallengeProgress(
            what: "the navigation flow's progress",
            isKept: { store throws(StoreError) in try NavigationProgressStore(store: store).peek() != nil }
        ) { environment throws(StoreError) in
            try NavigationProgressStore(store: environment.store).reset()
            return "The navigation flow will start afresh on screen A"
        },
        standing: { context throws(StoreError) in
            let progress = try NavigationProgressStore(store: context.store).peek()
            let memoryOnly = context.keepsNothing ? " (in memory only)" : ""
            return progress.map { "resume at \($0.resumePoint)\(memoryOnly)" } ?? "not started"
        },
        keyGuides: { [NamedKeyGuide(name: "navigation", guide: NavigationKeys.keyMap.guide)] },
        dependencies: [NavigationAPIKey.self])
}

/// The flow's keys in the configuration and scenario files, and its fault-panel row.
package enum NavigationSettings {
    /// `retry.login`: rLogin's retry policy.
    package static let loginRetry = ChallengeSetting.retryPolicy("login", default: .login)

    /// A scenario's `experiment`: what rFetchExperiments answers; nil (left out): the mock draws one.
    package static let experiment = ChallengeSetting<Experiment?>(
        ["experiment"], default: nil,
        read: { reader throws(ConfigurationError) in
            if reader.isNull { return nil }
            guard let value = Experiment(rawValue: try reader.string()) else {
                let names = Experiment.allCases.map(\.rawValue).joined(separator: ", ")
                throw reader.error("expected one of \(names), got \(reader.value.excerpt)")
            }
            return value
        },
        write: { $0.map { .string($0.rawValue) } })

    /// The fault panel's "next experiment": random, or one experiment every time.
    package static let nextExperiment = FaultChoice(
        title: "next experiment", choices: ["random"] + Experiment.allCases.map(\.rawValue),
        current: { environment in
            switch environment.mockNavigationAPI?.experimentSource {
            case .fixed(let experiment)?: experiment.rawValue
            default: "random"
            }
        },
        apply: { environment, choice in environment.mockNavigationAPI?.experimentSource = source(choice) },
        inScenario: { scenario in scenario[experiment]?.rawValue ?? "random" })

    /// What the mock hands out for a fault-panel choice or a scenario's experiment.
    package static func source(_ choice: String) -> MockNavigationAPI.ExperimentSource {
        Experiment(rawValue: choice).map { .fixed($0) } ?? .random(seed: 7)
    }
}

/// The flow's backend: the mock (its endpoints shared with the fault panel) or HTTP.
package enum NavigationAPIKey: DependencyKey {
    package static func make(_ environment: AppEnvironment) -> any NavigationAPI {
        switch environment.options.backend {
        case .http:
            return HTTPNavigationAPI(client: environment.httpClient, baseURL: environment.configuration.serverURL)
        case .mock:
            return MockNavigationAPI(
                login: environment.mock.endpoint(.rLogin), fetchExperiments: environment.mock.endpoint(.rFetchExperiments),
                submitSelection: environment.mock.endpoint(.rSubmitSelection),
                experiment: NavigationSettings.source(environment.scenario[NavigationSettings.experiment]?.rawValue ?? "random"),
                clock: environment.clock, monitor: environment.monitor)
        }
    }
}

extension AppEnvironment {
    public var navigationAPI: any NavigationAPI { self[NavigationAPIKey.self] }

    /// The mock navigation backend, for the fault panel's "next experiment"; nil with HTTP.
    public var mockNavigationAPI: MockNavigationAPI? { navigationAPI as? MockNavigationAPI }
}
