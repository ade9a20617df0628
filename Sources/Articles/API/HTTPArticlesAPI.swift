import Core
import FoundationEssentials

/// The articles endpoint over HTTP: `GET <url>`, the body handed to the decoder as it came.
public struct HTTPArticlesAPI: ArticlesAPI {
    public let url: URL
    private let client: any HTTPClient

    public init(url: URL, client: any HTTPClient) {
        self.url = url
        self.client = client
    }

    /// `<server>/articles`, the default when `--articles-url` is not given.
    public static func defaultURL(server: URL) -> URL {
        server.appendingPathComponent("articles")
    }

    public func fetchArticles(attempt: Int) async throws(APIError) -> Data {
        try await client.send(request(attempt: attempt)).body
    }

    public func fetchArticles(attempt: Int, progress: @escaping HTTPProgress) async throws(APIError) -> Data {
        try await client.send(request(attempt: attempt), progress: progress).body
    }

    public func fetchArticles<Reader: BodyReader>(
        attempt: Int, progress: @escaping HTTPProgress, reader: Reader
    ) async throws(APIError) -> Reader.Output {
        try await client.send(request(attempt: attempt), progress: progress, reader: reader)
    }

    private func request(attempt: Int) -> HTTPRequest {
        HTTPRequest(method: .get, url: url, headers: ["Accept": "application/json"], attempt: attempt)
    }
}
