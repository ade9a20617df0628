import Contract
import Foundation

/// `GET /articles`: the configured JSON, after `--articles-delay`, failing the first
/// `--articles-fail` requests with 500.
final class ArticlesRoutes: Sendable {
    private let json: Data
    private let delay: Double
    private let failures: FailFirst
    private let sleep: @Sendable (Double) -> Void

    init(configuration: DevServerConfiguration, sleep: @escaping @Sendable (Double) -> Void) {
        json = configuration.articlesJSON
        delay = configuration.articlesDelay
        failures = FailFirst(configuration.articlesFail)
        self.sleep = sleep
    }

    func install(in router: inout Router) {
        router.add("GET", ArticlesEndpoint.path) { [self] _ in respond() }
    }

    func respond() -> ServerResponse {
        sleep(delay)
        if failures.next() { return NavigationRoutes.failure }
        return .json(200, json)
    }
}
