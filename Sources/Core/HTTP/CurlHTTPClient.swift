import CCurl
import FoundationEssentials
import Synchronization

/// `HTTPClient` on libcurl, which is loaded on the first request (`CCurl`), not at start-up:
/// linking it maps ~30 libraries before `main` and keeps the Swift runtime from being linked
/// statically (Docs/performance.md). Each request runs on a thread of its own (libcurl
/// blocks), gets the configured timeout as a deadline for the whole exchange, is reported to the
/// `NetworkMonitor` (begin and outcome) and to the log, and fails with an `APIError` the UI can
/// explain.
public final class CurlHTTPClient: HTTPClient {
    private let timeout: Duration
    private let limits: ResponseLimits
    private let time: TimeSource
    private let monitor: NetworkMonitor?
    private let logger: Logger

    /// - Parameters:
    ///   - timeout: the longest a request may take, from sending to the last byte of the answer.
    ///   - limits: the most an answer's body may hold, decompressed, by the request's kind.
    ///   - time: measures the timeout and each request's duration.
    public init(
        time: TimeSource, timeout: Duration = .seconds(30), limits: ResponseLimits = .standard,
        monitor: NetworkMonitor? = nil, logger: Logger = .disabled
    ) {
        self.timeout = timeout
        self.limits = limits
        self.time = time
        self.monitor = monitor
        self.logger = logger
    }

    /// Loads libcurl now; nil when it is there, else a sentence saying what is missing. The app
    /// asks before it starts with `--backend http`, so a missing library is a clear launch error
    /// rather than every request failing.
    public static func unavailability() -> String? {
        ccurl_load().map { String(cString: $0) }
    }

    public func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        try await send(request, progress: nil)
    }

    public func send(_ request: HTTPRequest, progress: @escaping HTTPProgress) async throws(APIError) -> HTTPResponse {
        try await send(request, progress: Optional(progress))
    }

    private func send(_ request: HTTPRequest, progress: HTTPProgress?) async throws(APIError) -> HTTPResponse {
        let token = monitor?.begin(request, transport: .http)
        let started = time.elapsed
        let path = NetworkMonitor.pathAndQuery(of: request.url)
        let result = await perform(request, progress: progress)
        let duration = time.elapsed - started
        let line = RequestLogLine.text(
            method: request.method.rawValue, path: path, outcome: result.map(\.status), duration: duration, attempt: request.attempt)
        switch result {
        case .success(let response):
            if let token { monitor?.end(token, .response(status: response.status), responseBody: response.body) }
            logger.info("http", line)
            return response
        case .failure(let error):
            if let token {
                let body: Data? = if case .http(_, let text) = error { Data(text.utf8) } else { nil }
                monitor?.end(token, .failure(error), responseBody: body)
            }
            logger.warning("http", line)
            throw error
        }
    }

    /// The answer, the deadline or a cancellation, whichever comes first.
    private func perform(_ request: HTTPRequest, progress: HTTPProgress?) async -> Result<HTTPResponse, APIError> {
        if Task.isCancelled { return .failure(.cancelled) }
        let transfer = CurlTransfer(
            request: request, backstop: timeout + .seconds(1), time: time, limit: limits.bytes(for: request.kind),
            logger: logger, progress: progress)
        let once = Once(transfer: transfer)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>) in
                once.setContinuation(continuation)
                // libcurl blocks, so it gets a thread, never one of the cooperative pool's.
                if !DetachedThread.start({ once.finish(transfer.run()) }) {
                    logger.warning("http", "no thread for the request: \(FileSystem.lastError())")
                    once.finish(.failure(.offline))
                }
                let time = self.time
                let timeout = self.timeout
                let timer = Task {
                    do { try await time.sleep(for: timeout) } catch { return }
                    once.finish(.failure(.timedOut))
                }
                once.setTimer(timer)
            }
        } onCancel: {
            once.finish(.failure(.cancelled))
        }
    }

    /// What libcurl's codes mean to people: a refused port is `connectionRefused`, an unknown host
    /// or a lost connection `offline`, a timeout `timedOut`; an answer cut short, a connection
    /// closed without one, or bytes that are not HTTP a `brokenAnswer` (the server is there, so
    /// not "offline"); a body in an encoding that can't be decoded `undecodable`. `message` is
    /// libcurl's own text: a non-HTTP reply is `CURLE_UNSUPPORTED_PROTOCOL` with "HTTP/0.9" in it.
    static func apiError(forCode code: Int32, message: String = "") -> APIError {
        switch Int(code) {
        case CCURL_ABORTED_BY_CALLBACK: .cancelled
        case CCURL_OPERATION_TIMEDOUT: .timedOut
        case CCURL_COULDNT_CONNECT: .connectionRefused
        case CCURL_PARTIAL_FILE: .brokenAnswer(.cutShort)
        case CCURL_GOT_NOTHING: .brokenAnswer(.closedWithoutAnswer)
        case CCURL_WEIRD_SERVER_REPLY: .brokenAnswer(.notHTTP)
        case CCURL_UNSUPPORTED_PROTOCOL where message.contains("HTTP/0.9"): .brokenAnswer(.notHTTP)
        case CCURL_BAD_CONTENT_ENCODING:
            .undecodable("the server's answer could not be read (libcurl \(code))")
        default:
            // DNS failures, lost connections, TLS failures, libcurl missing: can't be reached.
            .offline
        }
    }

    /// A finished exchange as the app sees it: 2xx is an answer, any other status an error.
    static func result(status: Int, headers: [String: String], body: Data) -> Result<HTTPResponse, APIError> {
        guard (200...299).contains(status) else {
            return .failure(.http(status: status, body: String(decoding: body, as: UTF8.self)))
        }
        return .success(HTTPResponse(status: status, headers: headers, body: body))
    }

}

/// Finishes a request exactly once, whichever comes first: the answer, the timeout or a
/// cancellation. The losers are stopped (the transfer aborts at libcurl's next progress call,
/// the timer is cancelled).
private final class Once: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>?
        var timer: Task<Void, Never>?
        var result: Result<HTTPResponse, APIError>?
    }

    private let state = Mutex<State>(State())
    private let transfer: CurlTransfer

    init(transfer: CurlTransfer) { self.transfer = transfer }

    func setContinuation(_ continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>) {
        let early = state.withLock { state -> Result<HTTPResponse, APIError>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func setTimer(_ timer: Task<Void, Never>) {
        let finished = state.withLock { state -> Bool in
            if state.result != nil { return true }
            state.timer = timer
            return false
        }
        if finished { timer.cancel() }
    }

    func finish(_ result: Result<HTTPResponse, APIError>) {
        let (first, continuation, timer) = state.withLock { state in
            guard state.result == nil else {
                return (false, CheckedContinuation<Result<HTTPResponse, APIError>, Never>?.none, Task<Void, Never>?.none)
            }
            state.result = result
            defer { state.continuation = nil; state.timer = nil }
            return (true, state.continuation, state.timer)
        }
        guard first else { return }
        continuation?.resume(returning: result)
        transfer.cancel()
        timer?.cancel()
    }
}
