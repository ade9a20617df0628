import Foundation
import Synchronization
// The only file that imports FoundationNetworking: loading it (libcurl and friends) costs
// ~7 ms at startup, so it stays in one place that a later change can load lazily.
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `HTTPClient` on URLSession. Each request gets the configured timeout as a deadline for the
/// whole exchange, is reported to the `NetworkMonitor` (begin and outcome) and to the log, and
/// fails with an `APIError` the UI can explain.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let timeout: Duration
    private let clock: any Clock<Duration>
    private let monitor: NetworkMonitor?
    private let logger: Logger

    /// - Parameters:
    ///   - timeout: the longest a request may take, from sending to the last byte of the answer.
    ///   - clock: measures the timeout (the real clock outside tests).
    public init(
        timeout: Duration = .seconds(30), clock: any Clock<Duration> = ContinuousClock(),
        monitor: NetworkMonitor? = nil, logger: Logger = .disabled
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        self.session = URLSession(configuration: configuration)
        self.timeout = timeout
        self.clock = clock
        self.monitor = monitor
        self.logger = logger
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let token = monitor?.begin(request, transport: .http)
        let started = ContinuousClock.now
        let path = NetworkMonitor.pathAndQuery(of: request.url)
        let result = await perform(request)
        let elapsed = ContinuousClock.now - started
        let milliseconds = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
        switch result {
        case .success(let response):
            if let token { monitor?.end(token, .response(status: response.status), responseBody: response.body) }
            logger.info("http", "\(request.method.rawValue) \(path) -> \(response.status) in \(milliseconds) ms (attempt \(request.attempt))")
            return response
        case .failure(let error):
            if let token {
                let body: Data? = if case .http(_, let text) = error { Data(text.utf8) } else { nil }
                monitor?.end(token, .failure(error), responseBody: body)
            }
            logger.warning("http", "\(request.method.rawValue) \(path) -> \(Self.describe(error)) in \(milliseconds) ms (attempt \(request.attempt))")
            throw error
        }
    }

    private func perform(_ request: HTTPRequest) async -> Result<HTTPResponse, APIError> {
        if Task.isCancelled { return .failure(.cancelled) }
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        // URLSession on Linux truncates this to whole seconds (0.5 s times out at once), so it
        // is only a backstop; the real deadline is the clock race below.
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        urlRequest.timeoutInterval = seconds.rounded(.up) + 1

        let once = Once()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>) in
                once.setContinuation(continuation)
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    once.finish(Self.result(data: data, response: response, error: error))
                }
                once.setTask(task)
                task.resume()
                let clock = self.clock
                let timeout = self.timeout
                let timer = Task {
                    do { try await clock.sleep(for: timeout) } catch { return }
                    once.finish(.failure(.timedOut))
                }
                once.setTimer(timer)
            }
        } onCancel: {
            once.finish(.failure(.cancelled))
        }
    }

    static func result(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<HTTPResponse, APIError> {
        if let error { return .failure(apiError(for: error)) }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.undecodable("the answer is not an HTTP response"))
        }
        let body = data ?? Data()
        guard (200...299).contains(http.statusCode) else {
            return .failure(.http(status: http.statusCode, body: String(decoding: body, as: UTF8.self)))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: body))
    }

    /// What URLSession on Linux (libcurl) reports, checked on this machine: a refused port is
    /// `cannotConnectToHost`, an unknown host `cannotFindHost`, a timeout `timedOut`.
    static func apiError(for error: any Error) -> APIError {
        guard let urlError = error as? URLError else {
            return error is CancellationError ? .cancelled : .offline
        }
        switch urlError.code {
        case .cancelled, .userCancelledAuthentication: return .cancelled
        case .timedOut: return .timedOut
        case .cannotConnectToHost: return .connectionRefused
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData,
             .zeroByteResource:
            return .undecodable("the server's answer could not be read (\(urlError.code.rawValue))")
        default:
            // notConnectedToInternet, cannotFindHost, dnsLookupFailed, networkConnectionLost,
            // secure-connection failures…: the server can't be reached.
            return .offline
        }
    }

    private static func describe(_ error: APIError) -> String {
        if let status = error.status { return "\(status)" }
        return error.message
    }
}

/// Finishes a request exactly once, whichever comes first: the answer, the timeout or a
/// cancellation. The losers are cancelled (the data task, the timer).
private final class Once: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>?
        var task: URLSessionDataTask?
        var timer: Task<Void, Never>?
        var result: Result<HTTPResponse, APIError>?
    }

    private let state = Mutex<State>(State())

    func setContinuation(_ continuation: CheckedContinuation<Result<HTTPResponse, APIError>, Never>) {
        let early = state.withLock { state -> Result<HTTPResponse, APIError>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func setTask(_ task: URLSessionDataTask) {
        let finished = state.withLock { state -> URLSessionDataTask? in
            if state.result != nil { return task }
            state.task = task
            return nil
        }
        finished?.cancel()
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
        let (continuation, task, timer) = state.withLock { state in
            guard state.result == nil else {
                return (CheckedContinuation<Result<HTTPResponse, APIError>, Never>?.none, URLSessionDataTask?.none, Task<Void, Never>?.none)
            }
            state.result = result
            defer { state.continuation = nil; state.task = nil; state.timer = nil }
            return (state.continuation, state.task, state.timer)
        }
        continuation?.resume(returning: result)
        task?.cancel()
        timer?.cancel()
    }
}
