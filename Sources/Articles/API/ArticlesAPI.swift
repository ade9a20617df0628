import Core
import FoundationEssentials

/// Where articles come from. Implementations return the raw body; `ArticleDecoder` is the one
/// place that reads it, so the mock and the HTTP backend can't disagree about the format.
public protocol ArticlesAPI: Sendable {
    /// The body of the articles endpoint. `attempt` (1-based) is passed along so the network
    /// inspector can show which try a request is.
    func fetchArticles(attempt: Int) async throws(APIError) -> Data
    /// The same, telling `progress` how many bytes of the answer have arrived (and of how many,
    /// when the server said) as they arrive. Backends that can't tell call it never.
    func fetchArticles(attempt: Int, progress: @escaping HTTPProgress) async throws(APIError) -> Data
    /// The body read by `reader`, while it arrives where the backend can
    /// (`HTTPClient.send(_:progress:reader:)`), else once it is whole.
    func fetchArticles<Reader: BodyReader>(attempt: Int, progress: @escaping HTTPProgress, reader: Reader) async throws(APIError) -> Reader.Output
}

extension ArticlesAPI {
    public func fetchArticles(attempt: Int, progress: @escaping HTTPProgress) async throws(APIError) -> Data {
        try await fetchArticles(attempt: attempt)
    }

    public func fetchArticles<Reader: BodyReader>(
        attempt: Int, progress: @escaping HTTPProgress, reader: Reader
    ) async throws(APIError) -> Reader.Output {
        reader.read(IncomingBody(complete: try await fetchArticles(attempt: attempt, progress: progress)))
    }

    public func fetchArticles() async throws(APIError) -> Data {
        try await fetchArticles(attempt: 1)
    }
}
