/// The one error type every backend call reports, whatever the transport (mock or HTTP).
///
/// Each case carries just enough to explain it to a person (`message`) and to decide whether
/// trying again can help (`isTransient`).
public enum APIError: Error, Equatable, Hashable, Sendable {
    /// The host could not be reached at all (no route, DNS failure, network down).
    case offline
    /// The host answered, but nothing listens on the port.
    case connectionRefused
    /// No answer within the request's timeout.
    case timedOut
    /// The server answered with a non-2xx status. `body` is the response text (possibly empty).
    case http(status: Int, body: String)
    /// The server answered 2xx, but the body is not what the contract promises.
    case undecodable(String)
    /// The request was cancelled (the screen that asked for it went away).
    case cancelled
    /// The answer's body, decompressed, went past `limit` bytes; the transfer was aborted there
    /// (`ResponseLimits`, Docs/security.md). Asking again gets the same answer.
    case responseTooLarge(limit: Int)
    /// The server was reached and the connection made, but what came back was not a whole HTTP
    /// answer (`BrokenAnswer` says how). Not "offline": the server is there. Transient, as a
    /// server restarting or a proxy in trouble may do better on the next try.
    case brokenAnswer(BrokenAnswer)

    /// A sentence for people, not an error code.
    public var message: String {
        switch self {
        // Nothing answered: one wording on every screen and in the log.
        case .offline: "Couldn't reach the server (offline?)"
        case .connectionRefused: "Couldn't reach the server: the connection was refused (is it running?)"
        case .timedOut: "Couldn't reach the server: no answer in time"
        case .http(let status, _) where (500...599).contains(status): "Server error \(status)"
        case .http(let status, _): Self.reason(status).map { "The server answered \(status) (\($0))" } ?? "The server answered \(status)"
        case .undecodable(let detail): "Unexpected response from the server: \(detail)"
        case .cancelled: "Cancelled"
        case .responseTooLarge(let limit): "The server's answer is too large (over \(Self.megabytes(limit)))"
        case .brokenAnswer(let broken): broken.message
        }
    }

    /// What a refusal's status means, for the statuses people meet.
    static func reason(_ status: Int) -> String? {
        switch status {
        case 400: "bad request"
        case 401: "not authorised"
        case 403: "forbidden"
        case 404: "not found"
        case 405: "method not allowed"
        case 408: "request timeout"
        case 409: "conflict"
        case 410: "gone"
        case 413: "request too large"
        case 415: "unsupported media type"
        case 422: "unprocessable"
        case 429: "too many requests"
        default: nil
        }
    }

    /// Failures that may go away on their own: 5xx answers, transport errors and broken answers.
    /// 4xx answers, undecodable bodies and cancellation will not change by retrying.
    public var isTransient: Bool {
        switch self {
        case .offline, .connectionRefused, .timedOut, .brokenAnswer: true
        case .http(let status, _): (500...599).contains(status)
        case .undecodable, .cancelled, .responseTooLarge: false
        }
    }

    /// `limit` bytes as people say it: "8 MB", "1.5 MB", "512 KB" (1 MB = 1,048,576 bytes).
    static func megabytes(_ limit: Int) -> String {
        let megabyte = 1 << 20
        if limit >= megabyte {
            let tenths = (limit * 10 + megabyte / 2) / megabyte
            return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
        }
        let kilobytes = max(1, (limit + 512) / 1024)
        return "\(kilobytes) KB"
    }

    /// The HTTP status, when the server answered with one.
    public var status: Int? {
        if case .http(let status, _) = self { return status }
        return nil
    }
}

/// How an answer was broken: the connection was made, what came back was not a whole HTTP answer.
public enum BrokenAnswer: String, Hashable, Sendable, CaseIterable {
    /// Fewer body bytes than the answer promised (`Content-Length`, chunks), then the end.
    case cutShort
    /// The connection ended before a byte of an answer came.
    case closedWithoutAnswer
    /// Bytes came, but not an HTTP status line (another protocol's banner, garbage).
    case notHTTP

    public var message: String {
        switch self {
        case .cutShort: "The server's answer was cut short"
        case .closedWithoutAnswer: "The server closed the connection without answering"
        case .notHTTP: "The server's answer is not an HTTP answer"
        }
    }

    /// A word or two for the network inspector's status column.
    public var shortName: String {
        switch self {
        case .cutShort: "cut short"
        case .closedWithoutAnswer: "no answer"
        case .notHTTP: "not HTTP"
        }
    }
}
