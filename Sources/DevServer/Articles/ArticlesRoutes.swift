import Contract
import Foundation

/// `GET /articles`: the configured JSON, after `--articles-delay`, failing the first
/// `--articles-fail` requests with 500.
final class ArticlesRoutes: Sendable {
    private let json: Data
    private let delay: Double
    private let failures: FailFirst

    init(configuration: DevServerConfiguration) {
        json = configuration.articlesJSON
        delay = configuration.articlesDelay
        failures = FailFirst(configuration.articlesFail)
    }

    func install(in router: inout Router) {
        router.add("GET", ArticlesEndpoint.path) { [self] _ in respond() }
    }

    func respond() -> DelayedResponse {
        DelayedResponse(failures.next() ? NavigationRoutes.failure : .json(200, json), after: delay)
    }
}
