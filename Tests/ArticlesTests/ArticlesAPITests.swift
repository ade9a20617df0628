import Core
import Foundation
import Testing
import CoreTesting
@testable import Articles
import Contract

@Suite struct MockArticlesAPITests {
    @Test func servesTheSampleBodyByDefault() async throws {
        let api = MockArticlesAPI(clock: ContinuousClock())
        #expect(try await api.fetchArticles() == SampleArticles.json())
        #expect(api.endpoint.name == "articles")
    }

    @Test func servesAnyBodyItIsGiven() async throws {
        let api = MockArticlesAPI(clock: ContinuousClock(), body: Data("[]".utf8))
        #expect(try await api.fetchArticles(attempt: 2) == Data("[]".utf8))
    }

    @Test func waitsTheEndpointsDelayOnTheInjectedClock() async throws {
        let clock = ImmediateClock()
        let endpoint = MockEndpoint("articles", behaviour: EndpointBehaviour(delay: 1.5...1.5, outcomes: .alwaysSucceed))
        _ = try await MockArticlesAPI(endpoint: endpoint, clock: clock).fetchArticles()
        #expect(clock.sleeps == [.milliseconds(1500)])
    }

    @Test(arguments: [
        (SimulatedFailure.status(500), APIError.http(status: 500, body: "")),
        (.status(404), .http(status: 404, body: "")),
        (.timeout, .timedOut), (.refused, .connectionRefused), (.offline, .offline),
    ])
    func failsAsPlanned(failure: SimulatedFailure, error: APIError) async {
        let api = MockArticlesAPI(endpoint: MockEndpoint("articles", behaviour: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(failure))), clock: ContinuousClock())
        await #expect(throws: error) { try await api.fetchArticles() }
    }

    @Test func aMalformedPlanAnswersABodyThatIsNotJSON() async throws {
        let api = MockArticlesAPI(endpoint: MockEndpoint("articles", behaviour: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.malformed))), clock: ContinuousClock())
        let body = try await api.fetchArticles()
        #expect(throws: APIError.undecodable("the response is not valid JSON")) { try ArticleDecoder.decode(body) }
    }

    @Test func cancellingDuringTheDelayThrowsCancelled() async {
        let endpoint = MockEndpoint("articles", behaviour: EndpointBehaviour(delay: 3600...3600, outcomes: .alwaysSucceed))
        let api = MockArticlesAPI(endpoint: endpoint, clock: ContinuousClock())
        let task = Task { () async throws(APIError) -> Data in try await api.fetchArticles() }
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
    }

    @Test func aCancelledRequestWithoutDelayThrowsCancelled() async {
        let api = MockArticlesAPI(clock: ContinuousClock())
        let task = Task { () async throws(APIError) -> Data in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await api.fetchArticles()
        }
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
    }
}

@Suite struct HTTPArticlesAPITests {
    @Test func defaultURLIsTheServersArticlesPath() {
        #expect(HTTPArticlesAPI.defaultURL(server: URL(string: "http://127.0.0.1:3000")!).absoluteString == "http://127.0.0.1:3000/articles")
        #expect(HTTPArticlesAPI.defaultURL(server: URL(string: "http://127.0.0.1:3000/")!).absoluteString == "http://127.0.0.1:3000/articles")
        #expect(HTTPArticlesAPI.defaultURL(server: URL(string: "https://host/api")!).absoluteString == "https://host/api/articles")
    }

    @Test func getsTheConfiguredURLAndReturnsTheBody() async throws {
        let client = StubHTTPClient([.success(HTTPResponse(status: 200, body: SampleArticles.json(count: 2)))])
        let url = try #require(URL(string: "https://run.example/v3/articles"))
        let body = try await HTTPArticlesAPI(url: url, client: client).fetchArticles(attempt: 3)
        #expect(try ArticleDecoder.decode(body).articles.count == 2)
        let request = try #require(client.requests.first)
        #expect(request.method == .get)
        #expect(request.url == url)
        #expect(request.attempt == 3)
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.body == nil)
    }

    @Test func clientErrorsPassThrough() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:3000/articles"))
        let api = HTTPArticlesAPI(url: url, client: StubHTTPClient([.failure(.http(status: 500, body: "Something went wrong"))]))
        await #expect(throws: APIError.http(status: 500, body: "Something went wrong")) { try await api.fetchArticles() }
    }
}
