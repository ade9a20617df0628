import FoundationEssentials

/// A request as the domain APIs describe it; the client fills in nothing but transport.
public struct HTTPRequest: Hashable, Sendable {
    public enum Method: String, Hashable, Sendable { case get = "GET", post = "POST" }

    /// What the answer is, which sets how large it may be (`ResponseLimits`).
    public enum Kind: Hashable, Sendable {
        /// JSON of the backend's API.
        case api
        /// An image's bytes.
        case image
    }

    public var method: Method
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    /// A sensitive request's body is never recorded or logged (password changes).
    public var isSensitive: Bool
    /// 1 for the first try; the network inspector shows it.
    public var attempt: Int
    public var kind: Kind

    public init(
        method: Method = .get, url: URL, headers: [String: String] = [:], body: Data? = nil,
        isSensitive: Bool = false, attempt: Int = 1, kind: Kind = .api
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.isSensitive = isSensitive
        self.attempt = attempt
        self.kind = kind
    }
}

public struct HTTPResponse: Hashable, Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends requests. A 2xx answer is returned; anything else is thrown as an `APIError`
/// (non-2xx answers as `.http(status:body:)`), so callers handle one error type.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse
    /// The same, telling `progress` the body's bytes received so far (and the total when the
    /// server gave a length) as they arrive, from the transfer's thread.
    func send(_ request: HTTPRequest, progress: @escaping HTTPProgress) async throws(APIError) -> HTTPResponse
}

/// Bytes of an answer's body received so far, and of how many (`Content-Length`) when known.
public typealias HTTPProgress = @Sendable (_ received: Int, _ total: Int?) -> Void

extension HTTPClient {
    /// Clients that can't tell how far a transfer has got never call `progress`.
    public func send(_ request: HTTPRequest, progress: @escaping HTTPProgress) async throws(APIError) -> HTTPResponse {
        try await send(request)
    }
}
