import Core
import Foundation

/// The embedded backend: serves `SampleArticles.json()` after the delay and with the outcome its
/// `MockEndpoint` plans (the scenario and the fault panel change that endpoint live).
public struct MockArticlesAPI: ArticlesAPI {
    /// The endpoint's conventional name in scenarios and the fault panel.
    public static let endpointName = "articles"

    public let endpoint: MockEndpoint
    private let clock: any Clock<Duration>
    private let body: Data

    public init(
        endpoint: MockEndpoint = MockEndpoint(MockArticlesAPI.endpointName, behaviour: .instant),
        clock: any Clock<Duration> = ContinuousClock(),
        body: Data = SampleArticles.json()
    ) {
        self.endpoint = endpoint
        self.clock = clock
        self.body = body
    }

    /// What a `.malformed` plan answers: a 200 whose body is an HTML error page, as a
    /// misconfigured proxy would send.
    public static let malformedBody = Data("<html><body>Service temporarily unavailable</body></html>\n".utf8)

    public func fetchArticles(attempt: Int) async throws(APIError) -> Data {
        let plan = endpoint.nextPlan()
        if plan.delay > .zero {
            do {
                try await clock.sleep(for: plan.delay)
            } catch {
                throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
        switch plan.outcome {
        case .success: return body
        case .failure(.malformed): return Self.malformedBody
        case .failure(let failure): throw failure.apiError
        }
    }
}
