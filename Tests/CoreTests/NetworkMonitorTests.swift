import Foundation
import Testing
import CoreTesting
@testable import Core

@Suite(.timeLimit(.minutes(1))) struct NetworkMonitorTests {
    @Test func simulatedRequestsAreRecordedWithExactDurationsOnTheManualClock() {
        let clock = ManualClock()
        let monitor = NetworkMonitor(time: .driven(by: clock))
        let token = monitor.begin(method: "GET", path: "/rLogin", attempt: 3)
        #expect(monitor.history.last?.isPending == true)
        #expect(monitor.history.last?.outcome.status == nil)
        clock.advance(by: .milliseconds(1500))
        monitor.end(token, .failure(.http(status: 500, body: "Something went wrong")), responseBody: Data("Something went wrong".utf8))
        let activity = monitor.history[0]
        #expect(activity.id == 1)
        #expect(activity.path == "/rLogin")
        #expect(activity.attempt == 3)
        #expect(activity.transport == .simulated)
        #expect(activity.started == .zero)
        #expect(activity.duration == .milliseconds(1500))
        #expect(activity.outcome.status == 500)
        #expect(activity.responseBody == "Something went wrong")
    }

    @Test func theHistoryKeepsTheNewest200() {
        let monitor = NetworkMonitor(time: .system)
        #expect(monitor.capacity == 200)
        var tokens: [NetworkMonitor.Token] = []
        for index in 0..<250 { tokens.append(monitor.begin(method: "GET", path: "/\(index)")) }
        #expect(monitor.history.count == 200)
        #expect(monitor.history.first?.path == "/50")
        monitor.end(tokens[0], .response(status: 200))  // fell out: ignored
        monitor.end(tokens[249], .response(status: 204))
        #expect(monitor.history.last?.outcome == .response(status: 204))
        monitor.clear()
        #expect(monitor.history.isEmpty)
    }

    @Test func subscribersSeeEachRequestBeginAndEndUntilTheyCancel() {
        let monitor = NetworkMonitor(time: .system)
        let seen = Locked<[NetworkActivity.Outcome]>([])
        let subscription = monitor.subscribe { activity in seen.withLock { $0.append(activity.outcome) } }
        let token = monitor.begin(method: "POST", path: "/profiles/update")
        monitor.end(token, .response(status: 200))
        subscription.cancel()
        _ = monitor.begin(method: "GET", path: "/after")
        #expect(seen.value == [.pending, .response(status: 200)])
    }

    @Test func theUpdateStreamDeliversActivities() async {
        let monitor = NetworkMonitor(time: .system)
        let stream = monitor.updates()
        let token = monitor.begin(method: "GET", path: "/articles")
        monitor.end(token, .failure(.timedOut))
        var received: [NetworkActivity] = []
        for await activity in stream {
            received.append(activity)
            if received.count == 2 { break }
        }
        #expect(received.map(\.outcome) == [.pending, .failure(.timedOut)])
        #expect(received[1].outcome.status == nil)
    }

    @Test func secretsStayOutOfTheRecord() {
        let monitor = NetworkMonitor(time: .system)
        let request = HTTPRequest(
            method: .post, url: URL(string: "http://h:1/password/change?x=1")!,
            headers: ["Authorization": "Bearer abc"], body: Data(#"{"newPassword":"p"}"#.utf8), isSensitive: true)
        let token = monitor.begin(request)
        monitor.end(token, .response(status: 200), responseBody: Data("ok".utf8))
        let activity = monitor.history[0]
        #expect(activity.path == "/password/change?x=1")
        #expect(activity.transport == .http)
        #expect(activity.requestHeaders == ["Authorization": "[redacted]"])
        #expect(activity.requestBody == nil && activity.responseBody == nil)
        // A body not marked sensitive is still scrubbed of password fields, and long ones are cut.
        let plain = monitor.begin(method: "POST", path: "/x", body: Data(#"{"password":"p","n":1}"#.utf8))
        monitor.end(plain, .response(status: 200), responseBody: Data(repeating: UInt8(ascii: "a"), count: 5000))
        #expect(monitor.history[1].requestBody == #"{"password":"[redacted]","n":1}"#)
        #expect(monitor.history[1].responseBody?.count == NetworkMonitor.bodyLimit + 1)
        #expect(NetworkMonitor.pathAndQuery(of: URL(string: "http://h")!) == "/")
    }
}
