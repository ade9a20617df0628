import Contract
import Core
import Navigation

extension ChallengeID {
    public static let navigation = ChallengeID(rawValue: "navigation")
}

extension Challenge {
    /// The navigation flow's registration.
    static let navigation = Challenge(
        id: .navigation, title: "Navigation flow",
        summary: "Screens A → B → C → D driven by slow, failing requests; login retries live",
        endpoints: [.rLogin, .rFetchExperiments, .rSubmitSelection], extraFaults: [.timeout, .offline],
        makeScreen: { environment in FeatureHost(NavigationFeature(environment: environment), executor: environment.executor) },
        retryPolicies: { environment in [(NavigationEndpoint.login.path, environment.configuration.retry.login)] },
        forgetProgress: { environment throws(StoreError) in
            try NavigationProgressStore(store: environment.store).reset()
            return "The navigation flow will start afresh on screen A"
        })
}

/// The flow's backend: the mock (its endpoints shared with the fault panel) or HTTP.
enum NavigationAPIKey: DependencyKey {
    static func make(_ environment: AppEnvironment) -> any NavigationAPI {
        switch environment.options.backend {
        case .http:
            return HTTPNavigationAPI(client: environment.httpClient, baseURL: environment.configuration.serverURL)
        case .mock:
            return MockNavigationAPI(
                login: environment.mockEndpoint(.rLogin), fetchExperiments: environment.mockEndpoint(.rFetchExperiments),
                submitSelection: environment.mockEndpoint(.rSubmitSelection),
                experiment: environment.scenario.experiment.map { .fixed($0) } ?? .random(seed: 7),
                clock: environment.clock, monitor: environment.monitor)
        }
    }
}

extension AppEnvironment {
    public var navigationAPI: any NavigationAPI { self[NavigationAPIKey.self] }

    /// The mock navigation backend, for the fault panel's "next experiment"; nil with HTTP.
    public var mockNavigationAPI: MockNavigationAPI? { navigationAPI as? MockNavigationAPI }
}
