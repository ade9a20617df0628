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
        try await exchange(request, progress: nil, read: Optional<@Sendable (IncomingBody) -> Never>.none).response
    }

    public func send(_ request: HTTPRequest, progress: @escaping HTTPProgress) async throws(APIError) -> HTTPResponse {
        try await exchange(request, progress: progress, read: Optional<@Sendable (IncomingBody) -> Never>.none).response
    }

    /// A 2xx answer that announces its length (and is not compressed) is handed to `reader` at
    /// the end of its headers, on a thread of its own, and read while it arrives; any other 2xx
    /// answer once it is whole, on the transfer's thread. Either way never on the cooperative pool.
    public func send<Reader: BodyReader>(_ request: HTTPRequest, progress: HTTPProgress?, reader: Reader) async throws(APIError) -> Reader.Output {
        let answer = try await exchange(request, progress: progress, read: { reader.read($0) })
        // A 2xx answer always went through the reader.
        return answer.output!
    }

    /// One exchange as the app sees it, with what a reader made of its body.
    private struct Answer<Output: Sendable>: Sendable {
        var response: HTTPResponse
        var output: Output?
        /// What the network inspector keeps of the body (a streamed body is rewritten by its reader).
        var recordedBody: Data
    }

    private func exchange<Output: Sendable>(
        _ request: HTTPRequest, progress: HTTPProgress?, read: (@Sendable (IncomingBody) -> Output)?
    ) async throws(APIError) -> Answer<Output> {
        let token = monitor?.begin(request, transport: .http)
        let started = time.elapsed
        let path = NetworkMonitor.pathAndQuery(of: request.url)
        let result = await perform(request, progress: progress, read: read)
        let duration = time.elapsed - started
        let line = RequestLogLine.text(
            method: request.method.rawValue, path: path, outcome: result.map(\.response.status), duration: duration, attempt: request.attempt)
        switch result {
        case .success(let answer):
            if let token { monitor?.end(token, .response(status: answer.response.status), responseBody: answer.recordedBody) }
            logger.info("http", line)
            return answer
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
    private func perform<Output: Sendable>(
        _ request: HTTPRequest, progress: HTTPProgress?, read: (@Sendable (IncomingBody) -> Output)?
    ) async -> Result<Answer<Output>, APIError> {
        if Task.isCancelled { return .failure(.cancelled) }
        let reader = read.map { ReaderRun(read: $0) }
        let transfer = CurlTransfer(
            request: request, backstop: timeout + .seconds(1), time: time, limit: limits.bytes(for: request.kind),
            logger: logger, progress: progress, streamTo: reader.map { reader in { reader.start(on: $0) } })
        let once = Once<Answer<Output>>(transfer: transfer)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Answer<Output>, APIError>, Never>) in
                once.setContinuation(continuation)
                // libcurl blocks, so it gets a thread, never one of the cooperative pool's.
                if !DetachedThread.start({ once.finish(Self.answer(transfer.run(), of: transfer, reader: reader)) }) {
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

    /// The transfer's result with the reader's output: the streamed body's reader is waited for
    /// (the body is finished, so it ends soon, whatever came), a whole body is read here.
    private static func answer<Output: Sendable>(
        _ result: Result<HTTPResponse, APIError>, of transfer: CurlTransfer, reader: ReaderRun<Output>?
    ) -> Result<Answer<Output>, APIError> {
        let streamed = reader?.join()
        switch result {
        case .failure(let error):
            return .failure(error)
        case .success(var response):
            if transfer.incoming != nil {
                return .success(Answer(response: response, output: streamed, recordedBody: transfer.streamedPrefix))
            }
            guard let reader else { return .success(Answer(response: response, output: nil, recordedBody: response.body)) }
            var body = response.body
            response.body = Data()
            let recorded = body.prefix(NetworkMonitor.bodyLimit + 1).withUnsafeBytes { Data($0) }
            // Handed over, not shared, so the reader may rewrite it without a copy.
            let whole = IncomingBody(complete: body)
            body = Data()
            return .success(Answer(response: response, output: reader.readWhole(whole), recordedBody: recorded))
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
private final class Once<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<Value, APIError>, Never>?
        var timer: Task<Void, Never>?
        var result: Result<Value, APIError>?
    }

    private let state = Mutex<State>(State())
    private let transfer: CurlTransfer

    init(transfer: CurlTransfer) { self.transfer = transfer }

    func setContinuation(_ continuation: CheckedContinuation<Result<Value, APIError>, Never>) {
        let early = state.withLock { state -> Result<Value, APIError>? in
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

    func finish(_ result: Result<Value, APIError>) {
        let (first, continuation, timer) = state.withLock { state in
            guard state.result == nil else {
                return (false, CheckedContinuation<Result<Value, APIError>, Never>?.none, Task<Void, Never>?.none)
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

/// A reader's run on a thread of its own, started by the transfer at the end of the headers.
private final class ReaderRun<Output: Sendable>: @unchecked Sendable {
    private let read: @Sendable (IncomingBody) -> Output
    // Written by the reader's thread, read after joining it.
    private var output: Output?
    private var thread: JoinableThread?

    init(read: @escaping @Sendable (IncomingBody) -> Output) { self.read = read }

    /// Starts reading `body`; false when no thread could be had.
    func start(on body: IncomingBody) -> Bool {
        thread = JoinableThread.start { [self] in output = read(body) }
        return thread != nil
    }

    /// What the reader made, once its thread has ended; nil when it never started.
    func join() -> Output? {
        guard let thread else { return nil }
        thread.join()
        self.thread = nil
        return output
    }

    /// Reads a body that is already whole, on this thread.
    func readWhole(_ body: IncomingBody) -> Output { read(body) }
}
