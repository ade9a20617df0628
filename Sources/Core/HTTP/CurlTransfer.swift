import CCurl
import FoundationEssentials
import Glibc
import Synchronization

/// One exchange through libcurl: hands the request to `ccurl_perform` as C strings and collects
/// the answer's header lines and body from its callbacks. `run()` blocks, so it is called on a
/// thread of its own; `cancel()` may be called from anywhere.
final class CurlTransfer: @unchecked Sendable {
    // Written only by the thread inside `run()` (libcurl calls back on it); read after it ends.
    private var body = Data()
    private var headers: [String: String] = [:]
    private let cancelled = Atomic<Bool>(false)
    private let request: HTTPRequest
    private let backstop: Duration
    private let logger: Logger

    /// - Parameter backstop: libcurl's own limit on the exchange, so an abandoned transfer's thread
    ///   ends even if nobody cancels it.
    init(request: HTTPRequest, backstop: Duration, logger: Logger = .disabled) {
        self.request = request
        self.backstop = backstop
        self.logger = logger
    }

    /// Asks the transfer to stop; libcurl aborts at its next progress call (within a second).
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    func run() -> Result<HTTPResponse, APIError> {
        if isCancelled { return .failure(.cancelled) }
        // Sorted so the wire order is the same every time (the dictionary's is not).
        let lines = request.headers.sorted { $0.key < $1.key }.map { strdup("\($0.key): \($0.value)") }
        defer { lines.forEach { free($0) } }
        let headerPointers = lines.map { UnsafePointer($0) }
        let milliseconds = Int(backstop.inSeconds * 1000)
        var outcome = ccurl_result()
        let context = Unmanaged.passUnretained(self).toOpaque()

        request.url.absoluteString.withCString { url in
            request.method.rawValue.withCString { method in
                headerPointers.withUnsafeBufferPointer { headers in
                    Self.withBody(request.body) { body, length in
                        var call = ccurl_request(
                            url: url, method: method, headers: headers.baseAddress, header_count: headers.count,
                            body: body, body_length: length, timeout_ms: milliseconds, context: context,
                            on_body: Self.onBody, on_header: Self.onHeader, on_progress: Self.onProgress)
                        ccurl_perform(&call, &outcome)
                    }
                }
            }
        }

        guard outcome.code == CCURL_OK else {
            let message = withUnsafeBytes(of: outcome.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            logger.debug("http", "libcurl \(outcome.code): \(message)")
            return .failure(outcome.code == CCURL_UNAVAILABLE ? .offline : CurlHTTPClient.apiError(forCode: outcome.code))
        }
        return CurlHTTPClient.result(status: outcome.status, headers: headers, body: body)
    }

    private static func withBody<R>(_ body: Data?, _ work: (UnsafeRawPointer?, Int) -> R) -> R {
        guard let body else { return work(nil, 0) }
        return body.withUnsafeBytes { work($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), $0.count) }
    }

    private static func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer? {
        context.map { Unmanaged<CurlTransfer>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let onBody: ccurl_data_callback = { data, size, count, context in
        guard let transfer = transfer(context), let data else { return 0 }
        let length = size * count
        transfer.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length)
        return length
    }

    private static let onHeader: ccurl_data_callback = { data, size, count, context in
        guard let transfer = transfer(context), let data else { return 0 }
        let length = size * count
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        transfer.receiveHeaderLine(line)
        return length
    }

    private static let onProgress: ccurl_progress_callback = { context in
        transfer(context)?.isCancelled == true ? 1 : 0
    }

    /// A status line starts a new answer (after a redirect, say): only the last one's headers count.
    func receiveHeaderLine(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingWhitespace()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        guard !name.isEmpty else { return }
        headers[name] = value
    }

    var receivedHeaders: [String: String] { headers }
}
