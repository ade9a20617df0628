import CoreTesting
import Foundation
import CCurl
import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct CurlHTTPClientTests {
    @Test func a2xxAnswerIsReturnedWithItsBodyAndRecordedByTheMonitor() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5), monitor: monitor)
        let response = try await client.send(HTTPRequest(url: server.url("/status/200?x=1"), attempt: 2))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "status 200")
        #expect(response.headers.contains { $0.key.lowercased() == "content-type" && $0.value == "text/plain" })
        let activity = try #require(monitor.history.last)
        #expect(activity.method == "GET")
        #expect(activity.path == "/status/200?x=1")
        #expect(activity.attempt == 2)
        #expect(activity.transport == .http)
        #expect(activity.outcome == .response(status: 200))
        #expect(activity.duration != nil)
        #expect(activity.responseBody == "status 200")
    }

    @Test(arguments: [400, 401, 403, 404, 422, 500, 503])
    func nonSuccessStatusesAreThrownWithTheirBody(_ status: Int) async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5), monitor: monitor)
        await #expect(throws: APIError.http(status: status, body: "status \(status)")) {
            try await client.send(HTTPRequest(url: server.url("/status/\(status)")))
        }
        #expect(monitor.history.last?.outcome.status == status)
    }

    @Test func aSlowAnswerPastTheTimeoutIsTimedOut() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, timeout: .milliseconds(300), monitor: monitor)
        await #expect(throws: APIError.timedOut) {
            try await client.send(HTTPRequest(url: server.url("/slow?seconds=3")))
        }
        #expect(monitor.history.last?.outcome == .failure(.timedOut))
    }

    @Test func aPortWithNothingListeningIsConnectionRefused() async {
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5))
        await #expect(throws: APIError.connectionRefused) {
            try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(unusedPort())/rLogin")!))
        }
    }

    @Test func anUnknownHostIsOffline() async {
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5))
        await #expect(throws: APIError.offline) {
            try await client.send(HTTPRequest(url: URL(string: "http://host.invalid/rLogin")!))
        }
    }

    @Test func cancellingTheTaskCancelsTheRequestInFlight() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor(time: .system)
        // An answer a minute away and a deadline further still: only the cancellation can end
        // it, however long a busy machine keeps this test from running.
        let client = CurlHTTPClient(time: .system, timeout: .seconds(120), monitor: monitor)
        let began = monitor.updates()
        let task = Task { try await client.send(HTTPRequest(url: server.url("/slow?seconds=60"))) }
        for await activity in began where activity.isPending { break }
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
        #expect(monitor.history.last?.outcome == .failure(.cancelled))
    }

    @Test func aRequestOfACancelledTaskIsNotSent() async throws {
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, monitor: monitor)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:1/")!))
        }
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
    }

    @Test func headersAndBodyAreSentButSecretsAreNeitherRecordedNorLogged() async throws {
        let server = try LocalHTTPServer.shared.get()
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("log"), time: .frozen())
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5), monitor: monitor, logger: logger)
        let secretBody = Data(#"{"currentPassword":"hunter2","newPassword":"s3cret!!"}"#.utf8)
        let request = HTTPRequest(
            method: .post, url: server.url("/echo"),
            headers: ["Authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl", "X-Test": "yes",
                      "Content-Type": "application/json"],
            body: secretBody, isSensitive: true)
        let response = try await client.send(request)
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.method == "POST")
        #expect(echo.headers["x-test"] == "yes")
        #expect(echo.headers["authorization"] == "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl")
        #expect(echo.body == String(decoding: secretBody, as: UTF8.self))

        let activity = try #require(monitor.history.last)
        #expect(activity.requestHeaders["Authorization"] == "[redacted]")
        #expect(activity.requestHeaders["X-Test"] == "yes")
        #expect(activity.requestBody == nil)
        #expect(activity.responseBody == nil)
        #expect(activity.isSensitive)
        let log = try String(contentsOfFile: folder.file("log"), encoding: .utf8)
        #expect(log.contains("POST /echo -> 200"))
        for secret in ["hunter2", "s3cret", "eyJ", "c2lnbmF0dXJl"] { #expect(!log.contains(secret)) }
    }

    @Test func aPlainRequestKeepsItsBodyInTheInspector() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5), monitor: monitor)
        _ = try await client.send(HTTPRequest(method: .post, url: server.url("/echo"), body: Data(#"{"firstName":"Ada"}"#.utf8)))
        #expect(monitor.history.last?.requestBody == #"{"firstName":"Ada"}"#)
    }

    @Test func libcurlCodesMapToErrorsPeopleCanBeToldAbout() {
        let cases: [(Int, APIError)] = [
            (CCURL_COULDNT_RESOLVE_HOST, .offline), (CCURL_COULDNT_RESOLVE_PROXY, .offline), (CCURL_RECV_ERROR, .offline),
            (CCURL_SEND_ERROR, .offline), (CCURL_GOT_NOTHING, .brokenAnswer(.closedWithoutAnswer)),
            (CCURL_PARTIAL_FILE, .brokenAnswer(.cutShort)), (CCURL_WEIRD_SERVER_REPLY, .brokenAnswer(.notHTTP)),
            (CCURL_UNSUPPORTED_PROTOCOL, .offline),
            (CCURL_COULDNT_CONNECT, .connectionRefused), (CCURL_OPERATION_TIMEDOUT, .timedOut),
            (CCURL_ABORTED_BY_CALLBACK, .cancelled),
        ]
        for (code, expected) in cases {
            #expect(CurlHTTPClient.apiError(forCode: Int32(code)) == expected, "libcurl \(code)")
        }
        #expect(CurlHTTPClient.apiError(forCode: Int32(CCURL_UNSUPPORTED_PROTOCOL), message: "Received HTTP/0.9 when not allowed")
            == .brokenAnswer(.notHTTP))
        for code in [CCURL_BAD_CONTENT_ENCODING] {
            let error = CurlHTTPClient.apiError(forCode: Int32(code))
            #expect(error == .undecodable("the server's answer could not be read (libcurl \(code))"))
            #expect(error.isTransient == false)
        }
    }

    @Test func onlyTheLastAnswersHeadersCountAfterARedirect() {
        let transfer = CurlTransfer(request: HTTPRequest(url: URL(string: "http://127.0.0.1/")!), backstop: .seconds(1), time: .system)
        for line in ["HTTP/1.1 301 Moved\r\n", "Location: /b\r\n", "\r\n", "HTTP/1.1 200 OK\r\n",
                     "Content-Type:  text/plain \r\n", "X-Empty:\r\n", ": no name\r\n", "no colon\r\n", "\r\n"] {
            transfer.receiveHeaderLine(line)
        }
        #expect(transfer.receivedHeaders == ["Content-Type": "text/plain", "X-Empty": ""])
    }

    @Test func aTransferCancelledBeforeItRunsSendsNothing() {
        let transfer = CurlTransfer(request: HTTPRequest(url: URL(string: "http://127.0.0.1:1/")!), backstop: .seconds(1), time: .system)
        transfer.cancel()
        #expect(transfer.isCancelled)
        #expect(transfer.run() == .failure(.cancelled))
    }

    @Test func redirectsAreFollowedToTheAnswer() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5))
        let response = try await client.send(HTTPRequest(url: server.url("/redirect?to=/status/200")))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "status 200")
        for code in [301, 303, 307, 308] {
            let moved = try await client.send(HTTPRequest(url: server.url("/redirect?code=\(code)&to=/status/201")))
            #expect(moved.status == 201, "\(code)")
        }
    }

    @Test func libcurlIsAvailableOnThisMachine() {
        #expect(CurlHTTPClient.unavailability() == nil)
    }

    @Test func twoHundredsAreAnswersAndEverythingElseAnError() {
        #expect(CurlHTTPClient.result(status: 204, headers: [:], body: Data()) == .success(HTTPResponse(status: 204)))
        #expect(CurlHTTPClient.result(status: 302, headers: [:], body: Data("x".utf8)) == .failure(.http(status: 302, body: "x")))
    }
}

/// Hostile answers: too large (plain or as a compression bomb), and redirects that would carry a
/// POST or a token where they don't belong. See Docs/security.md.
@Suite(.timeLimit(.minutes(10))) struct CurlHTTPClientHostileAnswerTests {
    static let megabyte = 1 << 20
    let limits = ResponseLimits(api: 1 << 20, image: 1 << 19)

    @Test func anAnswerUpToTheLimitIsTakenAndOneByteMoreIsTooLarge() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10), limits: limits, monitor: monitor)
        let exact = try await client.send(HTTPRequest(url: server.url("/big?bytes=\(Self.megabyte)")))
        #expect(exact.body.count == Self.megabyte)
        await #expect(throws: APIError.responseTooLarge(limit: Self.megabyte)) {
            try await client.send(HTTPRequest(url: server.url("/big?bytes=\(Self.megabyte + 1)")))
        }
        #expect(monitor.history.last?.outcome == .failure(.responseTooLarge(limit: Self.megabyte)))
    }

    @Test func theLimitCountsDecompressedBytesSoACompressionBombIsStopped() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10), limits: limits)
        // 16 MB of zeros, about 16 KB on the wire: under the limit as sent, far over it inflated.
        await #expect(throws: APIError.responseTooLarge(limit: Self.megabyte)) {
            try await client.send(HTTPRequest(url: server.url("/bomb?bytes=\(16 * Self.megabyte)")))
        }
        // A small compressed answer is still decoded.
        let small = try await client.send(HTTPRequest(url: server.url("/bomb?bytes=1000")))
        #expect(small.body == Data(count: 1000))
    }

    @Test func imagesHaveTheirOwnLimit() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10), limits: limits)
        let size = Self.megabyte * 3 / 4
        let answer = try await client.send(HTTPRequest(url: server.url("/big?bytes=\(size)"), kind: .api))
        #expect(answer.body.count == size)
        await #expect(throws: APIError.responseTooLarge(limit: Self.megabyte / 2)) {
            try await client.send(HTTPRequest(url: server.url("/big?bytes=\(size)"), kind: .image))
        }
    }

    @Test func headersBeyondTheirLimitAreRefused() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10))
        // ~120 bytes a line: 1,000 lines pass 64 KB.
        await #expect(throws: APIError.undecodable("the server's answer has more than 64 KB of headers")) {
            try await client.send(HTTPRequest(url: server.url("/headers?count=1000")))
        }
        let fine = try await client.send(HTTPRequest(url: server.url("/headers?count=20")))
        #expect(fine.body == Data("ok".utf8))
    }

    /// Reached, but not answered whole: said as it happened, not "offline", and retried as
    /// transient errors are.
    @Test(arguments: [
        ("/short", BrokenAnswer.cutShort, "The server's answer was cut short", "cut short"),
        ("/nothing", .closedWithoutAnswer, "The server closed the connection without answering", "no answer"),
        ("/banner", .notHTTP, "The server's answer is not an HTTP answer", "not HTTP"),
    ])
    func aBrokenAnswerSaysHowItBrokeAndIsRetried(_ path: String, _ broken: BrokenAnswer, _ message: String, _ word: String) async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10), limits: limits, monitor: monitor)
        let error = await #expect(throws: APIError.self) { try await client.send(HTTPRequest(url: server.url(path))) }
        #expect(error == .brokenAnswer(broken))
        #expect(error?.message == message)
        #expect(broken.shortName == word)
        #expect(monitor.history.last?.outcome == .failure(.brokenAnswer(broken)))
        #expect(error?.isTransient == true)
        #expect(RetryPolicy(maxAttempts: 4, schedule: .constant(.seconds(2))).shouldRetry(.brokenAnswer(broken), after: 1))
    }

    @Test func tooLargeIsExplainedAndNeverRetried() {
        let error = APIError.responseTooLarge(limit: 8 * Self.megabyte)
        #expect(error.message == "The server's answer is too large (over 8 MB)")
        #expect(!error.isTransient)
        // Not even by a policy that retries every other failure.
        let everything = RetryPolicy(maxAttempts: nil, schedule: .constant(.seconds(1)), retryable: .all)
        let transient = RetryPolicy(maxAttempts: 4, schedule: .constant(.seconds(2)))
        #expect(!transient.shouldRetry(error, after: 1))
        #expect(!everything.shouldRetry(error, after: 1))
        #expect(everything.shouldRetry(.undecodable("x"), after: 1))
        #expect(APIError.responseTooLarge(limit: 5 * Self.megabyte).message.hasSuffix("(over 5 MB)"))
        #expect(APIError.megabytes(Self.megabyte * 3 / 2) == "1.5 MB")
        #expect(APIError.megabytes(1000) == "1 KB")
        #expect(APIError.megabytes(300 * 1024) == "300 KB")
    }

    @Test func aPostIsNeverRedirected() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5))
        for code in [301, 302, 303, 307, 308] {
            await #expect(throws: APIError.undecodable("the server redirected a POST request (\(code)); it is not followed")) {
                try await client.send(HTTPRequest(
                    method: .post, url: server.url("/redirect?code=\(code)&to=/echo"), headers: ["Authorization": "Bearer t"],
                    body: Data("{}".utf8)))
            }
        }
    }

    @Test func onlyHTTPAndHTTPSAreFollowed() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5))
        for target in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1:70/x", "dict://127.0.0.1:11211/stat"] {
            let scheme = String(target.prefix { $0 != ":" })
            await #expect(throws: APIError.undecodable("the server redirected to a \(scheme): address; only http and https are followed")) {
                try await client.send(HTTPRequest(url: server.url("/redirect?to=\(target)")))
            }
        }
        // And a URL of another scheme is never even asked.
        await #expect(throws: APIError.self) {
            try await client.send(HTTPRequest(url: URL(string: "file:///etc/passwd")!))
        }
    }

    @Test func theTokenStaysWithItsOriginAcrossRedirects() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5))
        let headers = ["Authorization": "Bearer secret-token", "Cookie": "c=1", "X-Test": "kept"]
        // Same origin: the token goes along.
        let same = try await client.send(HTTPRequest(url: server.url("/redirect?to=/echo"), headers: headers))
        let sameEcho = try JSONDecoder().decode(Echo.self, from: same.body)
        #expect(sameEcho.headers["authorization"] == "Bearer secret-token")
        // Another host name (the same server, but the client can't know that): it doesn't.
        let elsewhere = "http://localhost:\(server.port)/echo"
        let other = try await client.send(HTTPRequest(url: server.url("/redirect?to=\(elsewhere)"), headers: headers))
        let otherEcho = try JSONDecoder().decode(Echo.self, from: other.body)
        #expect(otherEcho.path == "/echo")
        #expect(otherEcho.headers["authorization"] == nil)
        #expect(otherEcho.headers["cookie"] == nil)
        #expect(otherEcho.headers["x-test"] == "kept")
        // Nor back again after leaving: once dropped, dropped for good.
        let back = server.url("/echo").absoluteString
        let bounce = "http://localhost:\(server.port)/redirect?to=\(back)"
        let returned = try await client.send(HTTPRequest(
            url: server.url("/redirect?to=\(bounce.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"), headers: headers))
        #expect(try JSONDecoder().decode(Echo.self, from: returned.body).headers["authorization"] == nil)
    }

    @Test func aRedirectLoopEndsAfterFiveRedirects() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(5))
        await #expect(throws: APIError.undecodable("the server redirected more than 5 times")) {
            try await client.send(HTTPRequest(url: server.url("/loop")))
        }
    }

    @Test func thePolicyRefusesHTTPSToHTTPAndKeepsCredentialsOnTheirOrigin() throws {
        let https = try #require(URL(string: "https://api.example.com/profiles/mine"))
        let token = ["Authorization": "Bearer t", "Accept": "application/json"]
        #expect(RedirectPolicy.decide(status: 302, location: "http://api.example.com/x", from: https, method: .get, headers: token)
            == .refuse("the server redirected from https to plain http; it is not followed"))
        #expect(RedirectPolicy.decide(status: 301, location: "/v2/mine", from: https, method: .get, headers: token)
            == .follow(URL(string: "https://api.example.com/v2/mine")!, headers: token))
        #expect(RedirectPolicy.decide(status: 307, location: "https://API.example.com:443/y", from: https, method: .get, headers: token)
            == .follow(URL(string: "https://API.example.com:443/y")!, headers: token))
        #expect(RedirectPolicy.decide(status: 302, location: "https://api.example.com:8443/y", from: https, method: .get, headers: token)
            == .follow(URL(string: "https://api.example.com:8443/y")!, headers: ["Accept": "application/json"]))
        #expect(RedirectPolicy.decide(status: 302, location: "https://evil.example/y", from: https, method: .get, headers: token)
            == .follow(URL(string: "https://evil.example/y")!, headers: ["Accept": "application/json"]))
        let http = try #require(URL(string: "http://127.0.0.1:3000/articles"))
        #expect(RedirectPolicy.decide(status: 302, location: "https://127.0.0.1:3000/articles", from: http, method: .get, headers: token)
            == .follow(URL(string: "https://127.0.0.1:3000/articles")!, headers: ["Accept": "application/json"]))
        #expect(RedirectPolicy.decide(status: 304, location: "/x", from: http, method: .get, headers: token) == .final)
        #expect(RedirectPolicy.decide(status: 302, location: nil, from: http, method: .get, headers: token) == .final)
        #expect(RedirectPolicy.decide(status: 200, location: "/x", from: http, method: .get, headers: token) == .final)
    }
}

private struct Echo: Decodable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: String
}

/// A body read as it arrives (`send(_:progress:reader:)`): an answer that announces its length
/// is handed to the reader at its headers, one of unknown length or compressed once it is whole,
/// an error never, and a transfer cut short throws whatever the reader made of it.
@Suite(.timeLimit(.minutes(10))) struct CurlHTTPClientReaderTests {
    /// Copies the body as it comes; says whether it found the body still arriving.
    struct CopyingReader: BodyReader {
        var onFirstHalf: @Sendable () -> Void = {}

        func read(_ body: IncomingBody) -> Copy {
            let half = body.capacity / 2
            let arrived = body.wait(for: half)
            let stillArriving = !body.isFinished
            onFirstHalf()
            let total = body.wait(for: body.capacity)
            let bytes = body.withUnsafeMutableBytes { Data($0.prefix(total)) }
            return Copy(bytes: bytes, firstHalfArrived: arrived >= half, stillArriving: stillArriving)
        }
    }

    struct Copy: Sendable, Equatable {
        var bytes: Data
        var firstHalfArrived: Bool
        var stillArriving: Bool
    }

    @Test func anAnswerWithItsLengthIsReadWhileItArrives() async throws {
        let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let server = try GatedAnswerServer(body: body)
        let monitor = NetworkMonitor(time: .system)
        let client = CurlHTTPClient(time: .system, timeout: .seconds(30), monitor: monitor)
        // The server holds the second half back until the reader has seen the first: the reader
        // can only have got it while the transfer ran.
        let copy = try await client.send(
            HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/feed")!), progress: nil,
            reader: CopyingReader(onFirstHalf: { server.release() }))
        #expect(copy == Copy(bytes: body, firstHalfArrived: true, stillArriving: true))
        // The inspector keeps the body's start as it came, not as the reader left it.
        let recorded = try #require(monitor.history.last?.responseBody)
        #expect(recorded.hasSuffix("…"))
        #expect(monitor.history.last?.outcome == .response(status: 200))
    }

    @Test func anAnswerOfUnknownLengthIsReadOnceWhole() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10))
        let copy = try await client.send(HTTPRequest(url: server.url("/chunked?bytes=25000")), progress: nil, reader: CopyingReader())
        #expect(copy == Copy(bytes: Data(repeating: UInt8(ascii: "y"), count: 25_000), firstHalfArrived: true, stillArriving: false))
    }

    @Test func aCompressedAnswerIsReadOnceWhole() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10))
        let copy = try await client.send(HTTPRequest(url: server.url("/bomb?bytes=1000")), progress: nil, reader: CopyingReader())
        #expect(copy == Copy(bytes: Data(count: 1000), firstHalfArrived: true, stillArriving: false))
    }

    @Test func anErrorAnswerNeverReachesTheReader() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10))
        await #expect(throws: APIError.http(status: 500, body: "status 500")) {
            try await client.send(HTTPRequest(url: server.url("/status/500")), progress: nil, reader: FailingReader())
        }
    }

    @Test func aBodyCutShortIsAnErrorWhateverTheReaderMadeOfIt() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10))
        await #expect(throws: APIError.brokenAnswer(.cutShort)) {
            try await client.send(HTTPRequest(url: server.url("/short")), progress: nil, reader: CopyingReader())
        }
    }

    @Test func theTransferReportsItsProgressWhileTheReaderReads() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(time: .system, timeout: .seconds(10))
        let largest = LargestReport()
        let copy = try await client.send(
            HTTPRequest(url: server.url("/big?bytes=300000")), progress: { received, total in largest.note(received, total) },
            reader: CopyingReader())
        #expect(copy.bytes.count == 300_000)
        #expect(largest.received == 300_000)
        #expect(largest.total == 300_000)
    }

    struct FailingReader: BodyReader {
        func read(_ body: IncomingBody) -> Int {
            Issue.record("an error answer was read")
            return 0
        }
    }
}

private final class LargestReport: @unchecked Sendable {
    private let lock = NSLock()
    private var largest = (0, 0)
    func note(_ received: Int, _ total: Int?) {
        lock.withLock { if received > largest.0 { largest = (received, total ?? -1) } }
    }
    var received: Int { lock.withLock { largest.0 } }
    var total: Int { lock.withLock { largest.1 } }
}

/// Answers with a 200 announcing the whole body, sends its first half, and the rest only once
/// `release()` is called: a transfer a test can hold in the middle.
final class GatedAnswerServer: Sendable {
    private let server: ScriptedAnswerServer
    private let gate = DispatchSemaphore(value: 0)

    var port: Int { server.port }

    init(body: Data) throws {
        let gate = gate
        server = try ScriptedAnswerServer { connection in
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            ScriptedAnswerServer.send(Data(head.utf8) + body.prefix(body.count / 2), to: connection)
            gate.wait()
            ScriptedAnswerServer.send(body.suffix(from: body.startIndex + body.count / 2), to: connection)
        }
    }

    func release() { gate.signal() }

    deinit { gate.signal() }
}
