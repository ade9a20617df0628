import FoundationEssentials

/// One request as the network inspector lists it: what was asked, when, and how it ended.
/// Real HTTP requests and the mock backend's simulated ones are recorded alike.
///
/// Nothing secret is ever in here: the `Authorization` header is redacted before recording,
/// and a sensitive request (a password change) keeps neither its request nor its response body.
public struct NetworkActivity: Identifiable, Hashable, Sendable {
    public enum Transport: String, Hashable, Sendable {
        case http
        /// Answered by the embedded mock backend.
        case simulated
    }

    public enum Outcome: Hashable, Sendable {
        case pending
        /// A 2xx answer.
        case response(status: Int)
        /// Any failure, non-2xx answers included (`.http(status:body:)`).
        case failure(APIError)

        /// The HTTP status, when the server answered with one.
        public var status: Int? {
            switch self {
            case .pending: nil
            case .response(let status): status
            case .failure(let error): error.status
            }
        }
    }

    /// Increasing from 1 in the order requests began.
    public let id: Int
    public var method: String
    /// The URL's path with its query, e.g. `/rSubmitSelection?screen=B1`.
    public var path: String
    /// 1 for the first try.
    public var attempt: Int
    public var transport: Transport
    /// Wall-clock time the request began (for display).
    public var startDate: Date
    /// When the request began, on the monitor's clock (since the monitor was created).
    public var started: Duration
    /// How long it took; `nil` while pending.
    public var duration: Duration?
    public var outcome: Outcome
    /// Request headers as sent, `Authorization` redacted.
    public var requestHeaders: [String: String]
    /// Request body as text (at most `NetworkMonitor.bodyLimit` characters); `nil` when there
    /// was none or the request is sensitive.
    public var requestBody: String?
    /// Response body as text, same rules.
    public var responseBody: String?
    public var isSensitive: Bool

    public var isPending: Bool { outcome == .pending }
}

extension NetworkActivity {
    /// An activity built by hand (tests, previews); the monitor makes the real ones. The
    /// `Authorization` header is redacted here too, so no caller can slip a secret in.
    public init(
        id: Int, method: String, path: String, attempt: Int = 1, transport: Transport = .simulated,
        startDate: Date, started: Duration = .zero, duration: Duration? = nil, outcome: Outcome = .pending,
        requestHeaders: [String: String] = [:], isSensitive: Bool = false
    ) {
        self.init(
            id: id, method: method, path: path, attempt: attempt, transport: transport, startDate: startDate,
            started: started, duration: duration, outcome: outcome, requestHeaders: Redaction.headers(requestHeaders),
            requestBody: nil, responseBody: nil, isSensitive: isSensitive)
    }
}
