import AppShell
import ArticleDetails
import Articles
import CommandLineKit
import Contract
import Core
import FoundationEssentials
import TUI

extension ChallengeID {
    public static let articles = ChallengeID(rawValue: "articles")
}

extension Challenge {
    /// The articles challenge's registration.
    package static let articles = Challenge(
        id: .articles, title: "Articles", summary: "Sync with retry, encrypted offline cache, list and detail",
        endpoints: [.articles, .images], extraFaults: [.timeout, .offline],
        makeScreen: { environment in FeatureHost(ArticlesFeature(environment: environment), executor: environment.executor) },
        retryPolicies: { environment in
            let path = switch environment.options.backend {
            case .mock: ArticlesEndpoint.path
            case .http: environment.configuration.resolvedArticlesURL.path
            }
            return [(path, environment.configuration[ArticlesSettings.retry])]
        },
        settings: [ArticlesSettings.url.erased, ArticlesSettings.retry.erased],
        // Pictures come quicker than API answers, as from a CDN (Docs/images.md, "In the app").
        defaultScenario: DefaultScenario(endpoints: [.images: EndpointBehaviour(delay: 0.2...0.6, outcomes: .alwaysSucceed)]),
        options: [ArticlesSettings.urlOption],
        serverFaults: ["challenge-server --articles-fail 3 — the first 3 article requests answer 500"],
        progress: ChallengeProgress(
            what: "the stored articles",
            isKept: { store throws(StoreError) in try ArticlesCache.summary(from: store) != nil }
        ) { environment throws(StoreError) in
            try ArticlesCache.forget(from: environment.store)
            return "The stored articles are forgotten: the next sync fetches them afresh"
        },
        standing: { context throws(StoreError) in
            guard let stored = try ArticlesCache.summary(from: context.store) else {
                return context.keepsNothing ? "nothing kept" : "nothing stored yet"
            }
            let count = stored.count == 1 ? "1 article" : "\(ByteCount.grouped(stored.count)) articles"
            // A store that could not be opened holds this run's sync in memory: gone at exit.
            if context.keepsNothing { return "\(count) in memory only" }
            return stored.savedAt.map { "\(count) stored · synced \(context.clockTime($0))" } ?? "\(count) stored"
        },
        // A picture written just before a kill -9, and never named by the index (Docs/images.md, "The cache").
        tidyStore: { store, logger in PictureCache.removeUnindexed(from: store, logger: logger) },
        keyGuides: {
            [
                NamedKeyGuide(name: "article-list", guide: ArticlesKeys.listMap.guide),
                NamedKeyGuide(name: "article-filter", guide: ArticlesKeys.filterMap.guide, inSummary: false),
                NamedKeyGuide(name: "article-page", guide: ArticlesKeys.detailMap.guide),
            ]
        },
        dependencies: [ArticlesAPIKey.self, ArticlePicturesKey.self])
}

/// The articles' keys in the configuration file and their command-line option.
package enum ArticlesSettings {
    /// `articlesURL`: the full articles URL; null: `<serverURL>/articles`.
    package static let url = ChallengeSetting<URL?>(
        ["articlesURL"], default: nil,
        read: { reader throws(ConfigurationError) in reader.isNull ? nil : try AppConfiguration.httpURL(reader) },
        write: { url in url.map { .string($0.absoluteString) } ?? .null })

    /// `retry.articles`: the sync's retry policy (3 retries, 2 s apart).
    package static let retry = ChallengeSetting.retryPolicy("articles", default: .articlesSync)

    /// `--articles-url URL`, over `articlesURL`.
    package static let urlOption = ChallengeOption(
        declaration: OptionDeclaration(
            "--articles-url", .value(placeholder: "URL"),
            help: "the full articles URL for the HTTP backend (default <server>/articles)"),
        backend: .http,
        check: { text throws(UsageError) in try HTTPURLArgument.check(text, flag: "--articles-url") },
        apply: { text, configuration throws(LaunchError) in
            guard let url = URL(string: text) else { throw LaunchError("--articles-url: \(text.quoted()) is not a URL") }
            configuration[ArticlesSettings.url] = url
        })
}

extension AppConfiguration {
    /// `articlesURL`, else `<serverURL>/articles`.
    package var resolvedArticlesURL: URL {
        self[ArticlesSettings.url] ?? HTTPArticlesAPI.defaultURL(server: serverURL)
    }
}

/// The articles backend: the mock (serving the contract's sample) or HTTP.
package enum ArticlesAPIKey: DependencyKey {
    package static func make(_ environment: AppEnvironment) -> any ArticlesAPI {
        switch environment.options.backend {
        case .http:
            return HTTPArticlesAPI(url: environment.configuration.resolvedArticlesURL, client: environment.httpClient)
        case .mock:
            return MockArticlesAPI(endpoint: environment.mock.endpoint(.articles), clock: environment.clock, monitor: environment.monitor)
        }
    }
}

extension AppEnvironment {
    public var articlesAPI: any ArticlesAPI { self[ArticlesAPIKey.self] }
}
