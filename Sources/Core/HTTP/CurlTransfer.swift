import CCurl
import FoundationEssentials
import Glibc
import Synchronization

/// One exchange through libcurl: hands the request to `ccurl_perform` as C strings and collects
/// the answer's header lines and body from its callbacks, following redirects itself
/// (`RedirectPolicy`). `run()` blocks, so it is called on a thread of its own; `cancel()` may be
/// called from anywhere.
///
/// Hostile answers are bounded: the body, decompressed, may hold at most `limit` bytes and the
/// header lines `maximumHeaderBytes`; past either the write callback aborts the transfer, so
/// memory never holds more than the limit and one chunk (Docs/security.md).
///
/// With `streamTo`, a final 2xx answer that announces its length (and is not compressed) goes
/// into an `IncomingBody` of that length instead, handed to `streamTo` at the end of its headers
/// so a reader can work on it while it arrives.
final class CurlTransfer: @unchecked Sendable {
    /// Header lines of one answer, together; a real server sends a few hundred bytes.
    static let maximumHeaderBytes = 64 * 1024

    // Written only by the thread inside `run()` (libcurl calls back on it); read after it ends.
    private var body = Data()
    private(set) var headers: [String: String] = [:]
    private(set) var headerBytes = 0
    /// Body bytes libcurl handed over for the last answer, refused ones included: where an
    /// aborted transfer stopped (its log line says), and what tests of the limit measure.
    private(set) var bodyBytesReceived = 0
    private var overflow: Overflow?
    /// The answer's `Content-Length`, when it gave one.
    private var expectedLength: Int?
    private let progress: HTTPProgress?
    /// Starts a reader on a body as it arrives; false when it can't (the body is then collected
    /// whole, as without it).
    private let streamTo: ((IncomingBody) -> Bool)?
    /// The final answer's body, when it was streamed to a reader.
    private(set) var incoming: IncomingBody?
    /// The first bytes of a streamed body as they came, for the network inspector (the reader
    /// rewrites the buffer).
    private(set) var streamedPrefix = Data()
    /// The status of the answer whose headers are arriving.
    private var answerStatus = 0
    private let cancelled = Atomic<Bool>(false)
    private let request: HTTPRequest
    private let backstop: Duration
    /// Measures the backstop (libcurl is told the time left before each redirect).
    private let time: TimeSource
    private let limit: Int
    private let logger: Logger

    private enum Overflow { case body, headers }

    /// - Parameters:
    ///   - backstop: libcurl's own limit on the exchange (redirects included), so an abandoned
    ///     transfer's thread ends even if nobody cancels it.
    ///   - limit: the most bytes the answer's body may hold once decompressed.
    init(
        request: HTTPRequest, backstop: Duration, time: TimeSource, limit: Int = ResponseLimits.standard.api,
        logger: Logger = .disabled, progress: HTTPProgress? = nil, streamTo: ((IncomingBody) -> Bool)? = nil
    ) {
        self.progress = progress
        self.streamTo = streamTo
        self.request = request
        self.backstop = backstop
        self.time = time
        self.limit = limit
        self.logger = logger
    }

    /// Asks the transfer to stop; libcurl aborts at its next progress call (within a second).
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func run() -> Result<HTTPResponse, APIError> {
        let deadline = time.elapsed + backstop
        var url = request.url
        var headers = request.headers
        for _ in 0...RedirectPolicy.maximumRedirects {
            if isCancelled { return .failure(.cancelled) }
            let remaining = deadline - time.elapsed
            guard remaining > .zero else { return .failure(.timedOut) }
            let status: Int
            switch perform(url: url, headers: headers, timeout: remaining) {
            case .failure(let error): return .failure(error)
            case .success(let answered): status = answered
            }
            let location = self.headers.first { $0.key.lowercased() == "location" }?.value
            switch RedirectPolicy.decide(status: status, location: location, from: url, method: request.method, headers: headers) {
            case .final:
                // Handed over, not shared: the caller may then change the body in place
                // (the articles are decoded where they arrived) without a copy of it.
                let answer = body
                body = Data()
                return CurlHTTPClient.result(status: status, headers: self.headers, body: answer)
            case .refuse(let reason):
                logger.warning("http", "\(reason): \(Redaction.forLog(location ?? ""))")
                return .failure(.undecodable(reason))
            case .follow(let next, let nextHeaders):
                logger.debug("http", "\(status): redirected to \(Redaction.forLog(next.absoluteString))")
                url = next
                headers = nextHeaders
            }
        }
        return .failure(.undecodable("the server redirected more than \(RedirectPolicy.maximumRedirects) times"))
    }

    /// One request and its answer, no redirect followed: the answer's status, or why none came.
    private func perform(url: URL, headers: [String: String], timeout: Duration) -> Result<Int, APIError> {
        body = Data()
        self.headers = [:]
        headerBytes = 0
        bodyBytesReceived = 0
        overflow = nil
        expectedLength = nil
        answerStatus = 0
        // Sorted so the wire order is the same every time (the dictionary's is not).
        let lines = headers.sorted { $0.key < $1.key }.map { strdup("\($0.key): \($0.value)") }
        defer { lines.forEach { free($0) } }
        let headerPointers = lines.map { UnsafePointer($0) }
        let milliseconds = max(1, Int(timeout.inSeconds * 1000))
        var outcome = ccurl_result()
        let context = Unmanaged.passUnretained(self).toOpaque()

        url.absoluteString.withCString { url in
            request.method.rawValue.withCString { method in
                headerPointers.withUnsafeBufferPointer { headers in
                    Self.withBody(request.body) { body, length in
                        var call = ccurl_request(
                            url: url, method: method, headers: headers.baseAddress, header_count: headers.count,
                            body: body, body_length: length, timeout_ms: milliseconds, context: context,
                            on_body: Self.onBody, on_header: Self.onHeader, on_progress: Self.onProgress)
                        ccurl_perform(&call, &outcome)
                        // Whole or cut short, nothing more comes: the reader finishes.
                        incoming?.finish()
                    }
                }
            }
        }

        switch overflow {
        case .body:
            logger.warning("http", "the answer passed \(limit) bytes; transfer aborted after \(bodyBytesReceived) bytes")
            return .failure(.responseTooLarge(limit: limit))
        case .headers:
            return .failure(.undecodable("the server's answer has more than \(Self.maximumHeaderBytes / 1024) KB of headers"))
        case nil:
            break
        }
        guard outcome.code == CCURL_OK else {
            let message = withUnsafeBytes(of: outcome.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            logger.debug("http", "libcurl \(outcome.code): \(message)")
            return .failure(outcome.code == CCURL_UNAVAILABLE ? .offline : CurlHTTPClient.apiError(forCode: outcome.code, message: message))
        }
        return .success(outcome.status)
    }

    private static func withBody<R>(_ body: Data?, _ work: (UnsafeRawPointer?, Int) -> R) -> R {
        guard let body else { return work(nil, 0) }
        return body.withUnsafeBytes { work($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), $0.count) }
    }

    private static func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
        context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// libcurl hands over the body decompressed, a chunk at a time; returning less than the
    /// chunk's length aborts the transfer, which is how the limit is enforced.
    private static let onBody: ccurl_data_callback = { data, size, count, context in
        guard let transfer = transfer(context), let data else { return 0 }
        let length = size * count
        transfer.bodyBytesReceived += length
        guard transfer.accept(bodyBytes: length) else { return 0 }
        if let incoming = transfer.incoming {
            let bytes = UnsafeRawBufferPointer(start: data, count: length)
            let wanted = NetworkMonitor.bodyLimit + 1 - transfer.streamedPrefix.count
            if wanted > 0 { transfer.streamedPrefix.append(contentsOf: bytes.prefix(wanted)) }
            guard incoming.append(bytes) else { return 0 }
            transfer.progress?(incoming.arrivedByTransfer, transfer.expectedLength)
            return length
        }
        if transfer.body.isEmpty, let expected = transfer.expectedLength {
            // One allocation of the announced size (within the limit, checked at the header):
            // growing a large body by doubling copies it and holds two copies at the peak.
            transfer.body.reserveCapacity(expected)
        }
        transfer.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
        transfer.progress?(transfer.body.count, transfer.expectedLength)
        return length
    }

    private static let onHeader: ccurl_data_callback = { data, size, count, context in
        guard let transfer = transfer(context), let data else { return 0 }
        let length = size * count
        transfer.headerBytes += length
        guard transfer.headerBytes <= maximumHeaderBytes else {
            transfer.overflow = .headers
            return 0
        }
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        transfer.receiveHeaderLine(line)
        // The blank line ends the headers: refuse an announced body over the limit now.
        if line == "\r\n" || line == "\n" {
            if transfer.announcesTooMuch {
                transfer.overflow = .body
                return 0
            }
            transfer.startStreaming()
        }
        return length
    }

    /// At the end of a final 2xx answer's headers that announce a length: the body goes to a
    /// reader as it arrives.
    func startStreaming() {
        guard let streamTo, incoming == nil, (200...299).contains(answerStatus), let length = expectedLength, !isCompressed else {
            return
        }
        let body = IncomingBody(capacity: length)
        if streamTo(body) { incoming = body }
    }

    /// Whether `count` more body bytes stay within the limit; marks the overflow when not.
    func accept(bodyBytes count: Int) -> Bool {
        guard (incoming?.arrivedByTransfer ?? body.count) + count <= limit else {
            overflow = .body
            return false
        }
        return true
    }

    private static let onProgress: ccurl_progress_callback = { context in
        transfer(context)?.isCancelled == true ? 1 : 0
    }

    /// A status line starts a new answer (after a redirect, say): only the last one's headers count.
    func receiveHeaderLine(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            expectedLength = nil
            // "HTTP/1.1 200 OK": the number after the first space.
            answerStatus = line.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingWhitespace()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        guard !name.isEmpty else { return }
        headers[name] = value
        if name.lowercased() == "content-length", let length = Int(value), length >= 0 {
            expectedLength = length
        }
    }

    /// An answer that announces more than the limit is refused at its headers, before a byte
    /// of its body is held (a compressed body's length is what travels; the limit on what it
    /// decompresses to still applies as it arrives).
    var announcesTooMuch: Bool { (expectedLength ?? 0) > limit && !isCompressed }

    private var isCompressed: Bool {
        headers.contains { $0.key.lowercased() == "content-encoding" && $0.value.lowercased() != "identity" }
    }
}
