import Articles
import Contract
import Core

extension ChallengeID {
    public static let articles = ChallengeID(rawValue: "articles")
}

extension Challenge {
    /// The articles challenge's registration.
    static let articles = Challenge(
        id: .articles, title: "Articles", summary: "Sync with retry, encrypted offline cache, list and detail",
        endpoints: [.articles, .images], extraFaults: [.timeout, .offline],
        makeScreen: { environment in FeatureHost(ArticlesFeature(environment: environment), executor: environment.executor) },
        retryPolicies: { environment in
            let path = switch environment.options.backend {
            case .mock: ArticlesEndpoint.path
            case .http: environment.configuration.resolvedArticlesURL.path
            }
            return [(path, environment.configuration.retry.articles)]
        })
}

/// The articles backend: the mock (serving the contract's sample) or HTTP.
enum ArticlesAPIKey: DependencyKey {
    static func make(_ environment: AppEnvironment) -> any ArticlesAPI {
        switch environment.options.backend {
        case .http:
            return HTTPArticlesAPI(url: environment.configuration.resolvedArticlesURL, client: environment.httpClient)
        case .mock:
            return MockArticlesAPI(endpoint: environment.mockEndpoint(.articles), clock: environment.clock, monitor: environment.monitor)
        }
    }
}

extension AppEnvironment {
    public var articlesAPI: any ArticlesAPI { self[ArticlesAPIKey.self] }
}
