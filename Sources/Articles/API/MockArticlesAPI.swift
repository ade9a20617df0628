import Contract
import Core
import FoundationEssentials

/// The embedded backend: serves `SampleArticles.json()` after the delay and with the outcome its
/// `MockEndpoint` plans (the scenario and the fault panel change that endpoint live).
public struct MockArticlesAPI: ArticlesAPI {
    /// The endpoint's conventional name in scenarios and the fault panel.
    public static let endpointName = "articles"

    public let endpoint: MockEndpoint
    private let clock: any Clock<Duration>
    private let body: Data
    private let monitor: NetworkMonitor?

    /// Every simulated request is reported to `monitor` as `GET /articles`, like the HTTP backend's.
    public init(
        endpoint: MockEndpoint = MockEndpoint(MockArticlesAPI.endpointName, behaviour: .instant),
        clock: any Clock<Duration>,
        body: Data = SampleArticles.json(),
        monitor: NetworkMonitor? = nil
    ) {
        self.endpoint = endpoint
        self.clock = clock
        self.body = body
        self.monitor = monitor
    }

    /// The path the inspector shows (the HTTP backend's default URL has the same).
    public static let path = "/articles"


    /// What a `.malformed` plan answers: a 200 whose body is an HTML error page, as a
    /// misconfigured proxy would send.
    public static let malformedBody = Data("<html><body>Service temporarily unavailable</body></html>\n".utf8)

    public func fetchArticles(attempt: Int) async throws(APIError) -> Data {
        let token = monitor?.begin(
            method: "GET", path: Self.path, attempt: attempt, transport: .simulated, headers: ["Accept": "application/json"])
        let result = await answer()
        if let token {
            switch result {
            // A malformed answer is still a 200, as an HTTP client would record it.
            case .success: monitor?.end(token, .response(status: 200))
            case .failure(let error): monitor?.end(token, .failure(error))
            }
        }
        return try result.get()
    }

    private func answer() async -> Result<Data, APIError> {
        do {
            switch try await endpoint.play(on: clock) {
            case .success: return .success(body)
            case .failure(.malformed): return .success(Self.malformedBody)
            case .failure(let failure): return .failure(failure.apiError)
            }
        } catch {
            return .failure(error)
        }
    }
}
