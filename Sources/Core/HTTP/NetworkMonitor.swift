import FoundationEssentials
import Synchronization

/// Records every request and its outcome for the network inspector: a bounded history (the
/// newest `capacity` entries) and live updates to subscribers. The HTTP client and the mock
/// APIs both report through `begin`/`end`, so the inspector can't tell them apart except by
/// `transport`. Thread-safe.
public final class NetworkMonitor: Sendable {
    /// Hands a begun request to `end`.
    public struct Token: Hashable, Sendable {
        public let id: Int
    }

    /// Keeps a subscription alive; `cancel()` ends it.
    public final class Subscription: Sendable {
        private let onCancel: @Sendable () -> Void
        init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
        public func cancel() { onCancel() }
    }

    /// Bodies longer than this are cut (the inspector shows a preview, not a dump).
    public static let bodyLimit = 4096

    private struct State {
        var history: [NetworkActivity] = []
        var nextID = 1
        var subscribers: [Int: @Sendable (NetworkActivity) -> Void] = [:]
        var nextSubscriber = 0
    }

    public let capacity: Int
    private let time: TimeSource
    private let logger: Logger
    private let state = Mutex(State())

    /// - Parameters:
    ///   - time: stamps starts, wall times and durations; a manual clock makes them exact.
    ///   - logger: where a simulated request's end is logged, in the HTTP client's words (the
    ///     client logs its own requests).
    public init(capacity: Int = 200, time: TimeSource, logger: Logger = .disabled) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.time = time
        self.logger = logger
    }

    /// Records the start of a request and returns the token to end it with.
    public func begin(
        method: String, path: String, attempt: Int = 1, transport: NetworkActivity.Transport = .simulated,
        headers: [String: String] = [:], body: Data? = nil, isSensitive: Bool = false
    ) -> Token {
        let started = time.now
        let (activity, subscribers) = state.withLock { state in
            let activity = NetworkActivity(
                id: state.nextID, method: method, path: path, attempt: attempt, transport: transport,
                startDate: started.wall, started: started.elapsed, duration: nil, outcome: .pending,
                requestHeaders: Redaction.headers(headers),
                requestBody: isSensitive ? nil : Self.text(body),
                responseBody: nil, isSensitive: isSensitive)
            state.nextID += 1
            state.history.append(activity)
            if state.history.count > capacity { state.history.removeFirst(state.history.count - capacity) }
            return (activity, Array(state.subscribers.values))
        }
        subscribers.forEach { $0(activity) }
        return Token(id: activity.id)
    }

    /// Records the start of an HTTP request (its URL's path and query, headers and body, minus
    /// secrets).
    public func begin(_ request: HTTPRequest, transport: NetworkActivity.Transport = .http) -> Token {
        begin(
            method: request.method.rawValue, path: Self.pathAndQuery(of: request.url), attempt: request.attempt,
            transport: transport, headers: request.headers, body: request.body, isSensitive: request.isSensitive)
    }

    /// Records how a request ended. An unknown token (already fallen out of the history) is ignored.
    public func end(_ token: Token, _ outcome: NetworkActivity.Outcome, responseBody: Data? = nil) {
        let now = time.elapsed
        let updated = state.withLock { state -> (NetworkActivity, [@Sendable (NetworkActivity) -> Void])? in
            guard let index = state.history.lastIndex(where: { $0.id == token.id }) else { return nil }
            var activity = state.history[index]
            activity.duration = now - activity.started
            activity.outcome = outcome
            if !activity.isSensitive { activity.responseBody = Self.text(responseBody) }
            state.history[index] = activity
            return (activity, Array(state.subscribers.values))
        }
        guard let (activity, subscribers) = updated else { return }
        if activity.transport == .simulated { log(activity) }
        subscribers.forEach { $0(activity) }
    }

    /// A simulated request's line, as the HTTP client writes a real one: the mock backend's
    /// requests, attempts and outcomes read the same in the log.
    private func log(_ activity: NetworkActivity) {
        let outcome: Result<Int, APIError>
        switch activity.outcome {
        case .pending: return
        case .response(let status): outcome = .success(status)
        case .failure(let error): outcome = .failure(error)
        }
        let line = RequestLogLine.text(
            method: activity.method, path: activity.path, outcome: outcome, duration: activity.duration ?? .zero,
            attempt: activity.attempt)
        if case .success = outcome { logger.info("mock", line) } else { logger.warning("mock", line) }
    }

    /// Time since the monitor was made, on its clock: what `started` is measured against, so the
    /// inspector can show how long a pending request has been running.
    public var now: Duration { time.elapsed }

    /// The newest `capacity` activities, oldest first.
    public var history: [NetworkActivity] { state.withLock { $0.history } }

    public func clear() { state.withLock { $0.history.removeAll() } }

    /// Calls `handler` (on the reporting thread) with every activity when it begins and again
    /// when it ends, until the subscription is cancelled or released.
    public func subscribe(_ handler: @escaping @Sendable (NetworkActivity) -> Void) -> Subscription {
        let id = state.withLock { state in
            defer { state.nextSubscriber += 1 }
            state.subscribers[state.nextSubscriber] = handler
            return state.nextSubscriber
        }
        return Subscription { [weak self] in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
    }

    /// The same updates as an async sequence; ends when the consuming task stops iterating.
    public func updates() -> AsyncStream<NetworkActivity> {
        let (stream, continuation) = AsyncStream<NetworkActivity>.makeStream(bufferingPolicy: .bufferingNewest(capacity))
        let subscription = subscribe { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    static func pathAndQuery(of url: URL) -> String {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.path }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
    }

    static func text(_ data: Data?) -> String? {
        guard let data, !data.isEmpty else { return nil }
        // Redacted too: a body that isn't marked sensitive may still carry a token or password.
        let text = Redaction.redact(String(decoding: data.prefix(bodyLimit), as: UTF8.self))
        return data.count > bodyLimit ? text + "…" : text
    }
}
