import CoreTesting
import Foundation
import CCurl
import Testing
@testable import Core

@Suite struct CurlHTTPClientTests {
    @Test func a2xxAnswerIsReturnedWithItsBodyAndRecordedByTheMonitor() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor()
        let client = CurlHTTPClient(timeout: .seconds(5), monitor: monitor)
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
        let monitor = NetworkMonitor()
        let client = CurlHTTPClient(timeout: .seconds(5), monitor: monitor)
        await #expect(throws: APIError.http(status: status, body: "status \(status)")) {
            try await client.send(HTTPRequest(url: server.url("/status/\(status)")))
        }
        #expect(monitor.history.last?.outcome.status == status)
    }

    @Test func aSlowAnswerPastTheTimeoutIsTimedOut() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor()
        let client = CurlHTTPClient(timeout: .milliseconds(300), monitor: monitor)
        await #expect(throws: APIError.timedOut) {
            try await client.send(HTTPRequest(url: server.url("/slow?seconds=3")))
        }
        #expect(monitor.history.last?.outcome == .failure(.timedOut))
    }

    @Test func aPortWithNothingListeningIsConnectionRefused() async {
        let client = CurlHTTPClient(timeout: .seconds(5))
        await #expect(throws: APIError.connectionRefused) {
            try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(unusedPort())/rLogin")!))
        }
    }

    @Test func anUnknownHostIsOffline() async {
        let client = CurlHTTPClient(timeout: .seconds(5))
        await #expect(throws: APIError.offline) {
            try await client.send(HTTPRequest(url: URL(string: "http://host.invalid/rLogin")!))
        }
    }

    @Test func cancellingTheTaskCancelsTheRequestInFlight() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor()
        // An answer a minute away and a deadline further still: only the cancellation can end
        // it, however long a busy machine keeps this test from running.
        let client = CurlHTTPClient(timeout: .seconds(120), monitor: monitor)
        let began = monitor.updates()
        let task = Task { try await client.send(HTTPRequest(url: server.url("/slow?seconds=60"))) }
        for await activity in began where activity.isPending { break }
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
        #expect(monitor.history.last?.outcome == .failure(.cancelled))
    }

    @Test func aRequestOfACancelledTaskIsNotSent() async throws {
        let monitor = NetworkMonitor()
        let client = CurlHTTPClient(monitor: monitor)
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
        let logger = try Logger(path: folder.file("log"))
        let monitor = NetworkMonitor()
        let client = CurlHTTPClient(timeout: .seconds(5), monitor: monitor, logger: logger)
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
        let monitor = NetworkMonitor()
        let client = CurlHTTPClient(timeout: .seconds(5), monitor: monitor)
        _ = try await client.send(HTTPRequest(method: .post, url: server.url("/echo"), body: Data(#"{"firstName":"Ada"}"#.utf8)))
        #expect(monitor.history.last?.requestBody == #"{"firstName":"Ada"}"#)
    }

    @Test func libcurlCodesMapToErrorsPeopleCanBeToldAbout() {
        let cases: [(Int, APIError)] = [
            (CCURL_COULDNT_RESOLVE_HOST, .offline), (CCURL_COULDNT_RESOLVE_PROXY, .offline), (CCURL_RECV_ERROR, .offline),
            (CCURL_SEND_ERROR, .offline), (CCURL_GOT_NOTHING, .offline), (CCURL_PARTIAL_FILE, .offline),
            (CCURL_COULDNT_CONNECT, .connectionRefused), (CCURL_OPERATION_TIMEDOUT, .timedOut),
            (CCURL_ABORTED_BY_CALLBACK, .cancelled),
        ]
        for (code, expected) in cases {
            #expect(CurlHTTPClient.apiError(forCode: Int32(code)) == expected, "libcurl \(code)")
        }
        for code in [CCURL_WEIRD_SERVER_REPLY, CCURL_BAD_CONTENT_ENCODING] {
            let error = CurlHTTPClient.apiError(forCode: Int32(code))
            #expect(error == .undecodable("the server's answer could not be read (libcurl \(code))"))
            #expect(error.isTransient == false)
        }
    }

    @Test func onlyTheLastAnswersHeadersCountAfterARedirect() {
        let transfer = CurlTransfer(request: HTTPRequest(url: URL(string: "http://127.0.0.1/")!), backstop: .seconds(1))
        for line in ["HTTP/1.1 301 Moved\r\n", "Location: /b\r\n", "\r\n", "HTTP/1.1 200 OK\r\n",
                     "Content-Type:  text/plain \r\n", "X-Empty:\r\n", ": no name\r\n", "no colon\r\n", "\r\n"] {
            transfer.receiveHeaderLine(line)
        }
        #expect(transfer.receivedHeaders == ["Content-Type": "text/plain", "X-Empty": ""])
    }

    @Test func aTransferCancelledBeforeItRunsSendsNothing() {
        let transfer = CurlTransfer(request: HTTPRequest(url: URL(string: "http://127.0.0.1:1/")!), backstop: .seconds(1))
        transfer.cancel()
        #expect(transfer.isCancelled)
        #expect(transfer.run() == .failure(.cancelled))
    }

    @Test func redirectsAreFollowedToTheAnswer() async throws {
        let server = try LocalHTTPServer.shared.get()
        let client = CurlHTTPClient(timeout: .seconds(5))
        let response = try await client.send(HTTPRequest(url: server.url("/redirect?to=/status/200")))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "status 200")
    }

    @Test func libcurlIsAvailableOnThisMachine() {
        #expect(CurlHTTPClient.unavailability() == nil)
    }

    @Test func twoHundredsAreAnswersAndEverythingElseAnError() {
        #expect(CurlHTTPClient.result(status: 204, headers: [:], body: Data()) == .success(HTTPResponse(status: 204)))
        #expect(CurlHTTPClient.result(status: 302, headers: [:], body: Data("x".utf8)) == .failure(.http(status: 302, body: "x")))
    }
}

private struct Echo: Decodable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: String
}
