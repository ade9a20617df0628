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
    /// The same for an answer that is read as it arrives: a 2xx answer's body is handed to
    /// `reader` — while it is still arriving, where the client can (`CurlHTTPClient`, for an
    /// answer that announces its length), else once it is whole — and what the reader makes of
    /// it is returned. Any other answer is thrown as `send` throws it; a transfer that fails
    /// after the reader began throws too, and what the reader made is dropped.
    func send<Reader: BodyReader>(_ request: HTTPRequest, progress: HTTPProgress?, reader: Reader) async throws(APIError) -> Reader.Output
}

/// Reads an answer's body, on a thread of its own, possibly while it arrives
/// (`HTTPClient.send(_:progress:reader:)`). `IncomingBody.wait(for:)` gives the bytes as they come.
public protocol BodyReader: Sendable {
    associatedtype Output: Sendable
    func read(_ body: IncomingBody) -> Output
}

/// Bytes of an answer's body received so far, and of how many (`Content-Length`) when known.
public typealias HTTPProgress = @Sendable (_ received: Int, _ total: Int?) -> Void

extension HTTPClient {
    /// Clients that can't tell how far a transfer has got never call `progress`.
    public func send(_ request: HTTPRequest, progress: @escaping HTTPProgress) async throws(APIError) -> HTTPResponse {
        try await send(request)
    }

    /// Clients that can't hand a body over while it arrives read it once it is whole.
    public func send<Reader: BodyReader>(_ request: HTTPRequest, progress: HTTPProgress?, reader: Reader) async throws(APIError) -> Reader.Output {
        let response: HTTPResponse
        if let progress { response = try await send(request, progress: progress) } else { response = try await send(request) }
        return reader.read(IncomingBody(complete: response.body))
    }
}
