import Foundation
import Testing
@testable import Core

@Suite struct URLSessionHTTPClientTests {
    @Test func a2xxAnswerIsReturnedWithItsBodyAndRecordedByTheMonitor() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor()
        let client = URLSessionHTTPClient(timeout: .seconds(5), monitor: monitor)
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
        let client = URLSessionHTTPClient(timeout: .seconds(5), monitor: monitor)
        await #expect(throws: APIError.http(status: status, body: "status \(status)")) {
            try await client.send(HTTPRequest(url: server.url("/status/\(status)")))
        }
        #expect(monitor.history.last?.outcome.status == status)
    }

    @Test func aSlowAnswerPastTheTimeoutIsTimedOut() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor()
        let client = URLSessionHTTPClient(timeout: .milliseconds(300), monitor: monitor)
        await #expect(throws: APIError.timedOut) {
            try await client.send(HTTPRequest(url: server.url("/slow?seconds=3")))
        }
        #expect(monitor.history.last?.outcome == .failure(.timedOut))
    }

    @Test func aPortWithNothingListeningIsConnectionRefused() async {
        let client = URLSessionHTTPClient(timeout: .seconds(5))
        await #expect(throws: APIError.connectionRefused) {
            try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(unusedPort())/rLogin")!))
        }
    }

    @Test func anUnknownHostIsOffline() async {
        let client = URLSessionHTTPClient(timeout: .seconds(5))
        await #expect(throws: APIError.offline) {
            try await client.send(HTTPRequest(url: URL(string: "http://host.invalid/rLogin")!))
        }
    }

    @Test func cancellingTheTaskCancelsTheRequestInFlight() async throws {
        let server = try LocalHTTPServer.shared.get()
        let monitor = NetworkMonitor()
        let client = URLSessionHTTPClient(timeout: .seconds(10), monitor: monitor)
        let began = monitor.updates()
        let task = Task { try await client.send(HTTPRequest(url: server.url("/slow?seconds=5"))) }
        for await activity in began where activity.isPending { break }
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
        #expect(monitor.history.last?.outcome == .failure(.cancelled))
    }

    @Test func aRequestOfACancelledTaskIsNotSent() async throws {
        let monitor = NetworkMonitor()
        let client = URLSessionHTTPClient(monitor: monitor)
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
        let client = URLSessionHTTPClient(timeout: .seconds(5), monitor: monitor, logger: logger)
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
        let client = URLSessionHTTPClient(timeout: .seconds(5), monitor: monitor)
        _ = try await client.send(HTTPRequest(method: .post, url: server.url("/echo"), body: Data(#"{"firstName":"Ada"}"#.utf8)))
        #expect(monitor.history.last?.requestBody == #"{"firstName":"Ada"}"#)
    }

    @Test func urlErrorsMapToErrorsPeopleCanBeToldAbout() {
        let cases: [(URLError.Code, APIError)] = [
            (.notConnectedToInternet, .offline), (.cannotFindHost, .offline), (.dnsLookupFailed, .offline),
            (.networkConnectionLost, .offline), (.cannotConnectToHost, .connectionRefused), (.timedOut, .timedOut),
            (.cancelled, .cancelled),
        ]
        for (code, expected) in cases {
            #expect(URLSessionHTTPClient.apiError(for: URLError(code)) == expected)
        }
        #expect(URLSessionHTTPClient.apiError(for: URLError(.badServerResponse)).isTransient == false)
        #expect(URLSessionHTTPClient.apiError(for: CancellationError()) == .cancelled)
        #expect(URLSessionHTTPClient.result(data: nil, response: nil, error: nil) == .failure(.undecodable("the answer is not an HTTP response")))
    }
}

private struct Echo: Decodable {
    var method: String
    var path: String
    var headers: [String: String]
    var body: String
}
