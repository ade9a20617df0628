@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

/// The network inspector's model on its own: ordering, requests in flight, the 200 cap,
/// redaction, and every piece of formatting.
@Suite(.timeLimit(.minutes(10))) struct InspectorModelTests {
    let model = InspectorModel(
        retryPolicies: [("/rLogin", .login), ("/articles", .articlesSync)], utcOffset: 0)

    func activity(
        _ id: Int, _ path: String = "/rLogin", method: String = "GET", attempt: Int = 1, started: Duration = .zero,
        duration: Duration? = nil, outcome: NetworkActivity.Outcome = .pending, headers: [String: String] = [:]
    ) -> NetworkActivity {
        NetworkActivity(
            id: id, method: method, path: path, attempt: attempt, startDate: Date(timeIntervalSince1970: 47_045),
            started: started, duration: duration, outcome: outcome, requestHeaders: headers)
    }

    @Test func rowsAreOldestFirstNewestLast() {
        let rows = model.rows(
            [activity(3, started: .seconds(5)), activity(1, started: .seconds(1)), activity(2, started: .seconds(1))],
            now: .seconds(6))
        #expect(rows.map(\.id) == [1, 2, 3])
    }

    @Test func aRequestInFlightShowsItsLiveElapsedTime() {
        let pending = activity(1, started: .seconds(1))
        #expect(model.row(pending, now: .milliseconds(3_500)).duration == "2.5s…")
        #expect(model.row(pending, now: .seconds(4)).duration == "3.0s…")
        let row = model.row(pending, now: .seconds(4))
        #expect(row.kind == .pending)
        #expect(row.status == "pending")
        #expect(row.retry == "")
        // A clock that is behind (never expected) shows zero, not a negative time.
        #expect(model.row(pending, now: .zero).duration == "0ms…")
    }

    @Test func aFinishedRequestShowsItsDurationAndStatus() {
        let done = activity(1, duration: .milliseconds(830), outcome: .response(status: 200))
        let row = model.row(done, now: .seconds(100))
        #expect(row.duration == "830ms")
        #expect(row.status == "200")
        #expect(row.kind == .success)
        #expect(row.attempt == "#1")
        #expect(row.method == "GET")
        #expect(row.path == "/rLogin")
    }

    @Test func keepsOnlyTheNewest200() {
        let many = (1...250).map { activity($0, started: .milliseconds($0)) }
        let rows = model.rows(many, now: .seconds(1))
        #expect(rows.count == 200)
        #expect(rows.first?.id == 51)
        #expect(rows.last?.id == 250)
        #expect(InspectorModel.capacity == 200)
    }

    @Test func theMonitorsHistoryIsCappedAt200Too() {
        let monitor = NetworkMonitor(time: .driven(by: ManualClock()))
        for index in 1...230 { _ = monitor.begin(method: "GET", path: "/articles", attempt: index) }
        let rows = model.rows(monitor.history, now: monitor.now)
        #expect(rows.count == 200)
        #expect(rows.first?.attempt == "#31")
    }

    @Test func secretsAreNeverShown() {
        let withToken = activity(
            1, "/profiles/mine?token=abc.def.ghi&password=hunter2", headers: ["Authorization": "Bearer eyJsecret.abc.def"])
        #expect(withToken.requestHeaders["Authorization"] == Redaction.placeholder)
        let row = model.row(withToken, now: .zero)
        let shown = "\(row)"
        #expect(!shown.contains("abc.def.ghi"))
        #expect(!shown.contains("hunter2"))
        #expect(!shown.contains("eyJsecret"))
        #expect(!shown.contains("Bearer"))
        #expect(row.path.hasPrefix("/profiles/mine?token=[redacted]"))
    }

    @Test func timeOfDayIsHoursMinutesSecondsInTheGivenZone() {
        #expect(model.time(of: Date(timeIntervalSince1970: 47_045)) == "13:04:05")
        #expect(model.time(of: Date(timeIntervalSince1970: 0)) == "00:00:00")
        var paris = model
        paris.utcOffset = 3600
        #expect(paris.time(of: Date(timeIntervalSince1970: 47_045)) == "14:04:05")
        // Past Foundation's 18 hours, to the ends of what a recording holds.
        var farEast = model
        farEast.utcOffset = LocalTime.utcOffsets.upperBound
        #expect(farEast.time(of: Date(timeIntervalSince1970: 47_045)) == "15:04:04")
        farEast.utcOffset = LocalTime.utcOffsets.lowerBound
        #expect(farEast.time(of: Date(timeIntervalSince1970: 47_045)) == "12:04:06")
    }

    @Test func statusIsShortForEveryOutcome() {
        let cases: [(NetworkActivity.Outcome, String)] = [
            (.pending, "pending"), (.response(status: 204), "204"), (.failure(.http(status: 503, body: "x")), "503"),
            (.failure(.timedOut), "timeout"), (.failure(.connectionRefused), "refused"), (.failure(.offline), "offline"),
            (.failure(.undecodable("no")), "bad body"), (.failure(.cancelled), "cancelled"),
        ]
        for (outcome, text) in cases { #expect(InspectorModel.status(outcome) == text) }
    }

    @Test func durationsReadShortAtEveryScale() {
        #expect(InspectorModel.format(.zero) == "0ms")
        #expect(InspectorModel.format(.milliseconds(999)) == "999ms")
        #expect(InspectorModel.format(.milliseconds(1_000)) == "1.0s")
        #expect(InspectorModel.format(.milliseconds(12_345)) == "12.3s")
        #expect(InspectorModel.format(.seconds(65)) == "1m05s")
        #expect(InspectorModel.formatDelay(.seconds(15)) == "15s")
        #expect(InspectorModel.formatDelay(.milliseconds(1_500)) == "1.5s")
    }

    @Test func aFailedRequestShowsTheNextRetryDelayOfItsPolicy() {
        func retry(_ path: String, attempt: Int, _ error: APIError) -> String {
            model.row(activity(1, path, attempt: attempt, duration: .seconds(1), outcome: .failure(error)), now: .zero).retry
        }
        // Login: 1, 2, 4, 8, then 15 s, forever.
        #expect(retry("/rLogin", attempt: 1, .http(status: 500, body: "")) == "retry 1s")
        #expect(retry("/rLogin", attempt: 3, .http(status: 500, body: "")) == "retry 4s")
        #expect(retry("/rLogin", attempt: 9, .offline) == "retry 15s")
        // Articles: 2 s apart, 4 attempts, transient failures only.
        #expect(retry("/articles", attempt: 1, .timedOut) == "retry 2s")
        #expect(retry("/articles", attempt: 4, .http(status: 500, body: "")) == "no retry")
        #expect(retry("/articles", attempt: 1, .http(status: 404, body: "")) == "no retry")
        // No policy: nothing to say.
        #expect(retry("/rFetchExperiments", attempt: 1, .http(status: 500, body: "")) == "")
        // A success has no retry.
        #expect(model.row(activity(1, outcome: .response(status: 200)), now: .zero).retry == "")
    }

    @Test func theSummaryCountsRequestsAndThoseInFlight() {
        let rows = model.rows([activity(1), activity(2, outcome: .response(status: 200))], now: .zero)
        #expect(InspectorModel.summary(rows) == "2 requests · 1 in flight")
        #expect(InspectorModel.summary(Array(rows.suffix(1))) == "1 request")
        #expect(InspectorModel.summary([]) == "0 requests")
    }

    @Test func rowsLineUpInColumnsThatFitTheWidth() {
        let row = model.row(activity(1, duration: .milliseconds(1_200), outcome: .failure(.http(status: 500, body: ""))), now: .zero)
        let wide = InspectorPanel.Columns(width: 78)
        #expect(InspectorPanel.text(row, columns: wide)
            == "13:04:05 GET  /rLogin                          500          1.2s  #1 retry 1s ")
        #expect(InspectorPanel.text(row, columns: wide).count == 78)
        let narrow = InspectorPanel.Columns(width: 58)
        #expect(narrow.time == 0)
        #expect(InspectorPanel.text(row, columns: narrow).count == 58)
    }
}
