import Contract
import Foundation

/// `GET /articles`: the configured JSON, after `--articles-delay`, failing the first
/// `--articles-fail` requests with 500. With `localImages` (always for the built-in sample,
/// else `--local-images`) its dummyimage.com pictures point at this server.
final class ArticlesRoutes: Sendable {
    private let json: Data
    private let localImages: LocalImageArticles?
    private let baseURL: ServerBaseURL
    private let delay: Double
    private let failures: FailFirst

    init(configuration: DevServerConfiguration, baseURL: ServerBaseURL) {
        json = configuration.articlesJSON
        localImages = configuration.localImages ? LocalImageArticles(configuration.articlesJSON) : nil
        self.baseURL = baseURL
        delay = configuration.articlesDelay
        failures = FailFirst(configuration.articlesFail)
    }

    func install(in router: inout Router) {
        router.add("GET", ArticlesEndpoint.path) { [self] request in respond(to: request) }
    }

    func respond(to request: ServerRequest) -> DelayedResponse {
        guard !failures.next() else { return DelayedResponse(NavigationRoutes.failure, after: delay) }
        let body = localImages?.json(base: baseURL.base(for: request)) ?? json
        return DelayedResponse(.json(200, body), after: delay)
    }
}
