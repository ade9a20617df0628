@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import CoreTesting
import Foundation
import Navigation
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// `--log` with the mock backend says what happened as it does with the HTTP one: the screens,
/// every simulated request with its attempt and outcome, the retries with their delay, the
/// outcomes the screens show, and never a secret (Docs/configuration.md, "Logging").
@Suite(.timeLimit(.minutes(10))) struct MockLoggingTests {
    private let folder = TemporaryDirectory()
    private var path: String { folder.file("app.log") }

    private func logger() throws -> Logger { try Logger(path: path, time: .system) }

    /// The log's lines without their time and level: `subsystem: message`.
    private func lines() throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let afterTime = line.drop { $0 != " " }.dropFirst()
            return afterTime.drop { $0 != " " }.drop { $0 == " " }.description
        }
    }

    /// "GET /rLogin -> 500 in 0 ms (attempt 1)" with any duration.
    private func request(_ lines: [String], _ subsystem: String, _ start: String, attempt: Int) -> Bool {
        lines.contains { $0.hasPrefix("\(subsystem): \(start) in ") && $0.hasSuffix(" ms (attempt \(attempt))") }
    }

    @Test func theFlowLogsItsScreensRequestsAndTheSignInRetry() async throws {
        var options = LaunchOptions()
        options.challenge = .navigation
        let scenario = FlowScenario.make(.screenB3, login: .now(.failNext(1, .status(500))))
        let app = try ShellHarness(options: options, scenario: scenario, logger: try logger())
        try await app.waitForScreen(.b3)
        try app.sleepers(atLeast: 1)
        try await app.advance(by: .seconds(1))
        app.press(.enter)
        try await app.waitForScreen(.c2)
        let log = try lines()
        #expect(log.contains("app: opened Navigation flow"))
        #expect(request(log, "mock", "GET /rLogin -> 500", attempt: 1))
        #expect(log.contains("navigation: sign-in: attempt 1 failed: Server error 500; retry in 1 s"))
        #expect(request(log, "mock", "GET /rLogin -> 200", attempt: 2))
        #expect(log.contains("navigation: sign-in: signed in"))
        #expect(request(log, "mock", "GET /rFetchExperiments -> 200", attempt: 1))
        #expect(log.contains("navigation: experiment: screenB3"))
        #expect(log.contains("navigation: screen: Screen A"))
        #expect(log.contains("navigation: screen: Screen B3"))
        #expect(log.contains("navigation: screen: Screen C2"))
        app.press(.char("q"))
        #expect(try lines().contains("app: left Navigation flow"))
    }

    /// The submit's query (session id, selection) reaches the log redacted.
    @Test func aSubmitIsLoggedWithItsQueryRedacted() async throws {
        var options = LaunchOptions()
        options.challenge = .navigation
        let app = try ShellHarness(
            options: options, scenario: FlowScenario.make(.screenB1, submit: .now(.failNext(1, .status(503)))), logger: try logger())
        try await app.waitForScreen(.b1)
        app.press(.down, .enter)
        try await app.settle(until: "the submit failed") { $0.contains("Could not submit") }
        let log = try lines()
        #expect(log.contains { $0.hasPrefix("mock: GET /rSubmitSelection?sessionId=<redacted>&screen=<redacted>&selection=<redacted> -> 503 in ") })
        #expect(log.contains("navigation: submit: failed: Server error 503 (no retry: Enter tries again)"))
        #expect(!log.joined().contains("Choice B"))
    }

    @Test func theArticlesLogEachAttemptItsRetryAndTheOutcome() async throws {
        var options = LaunchOptions()
        options.challenge = .articles
        let scenario = Scenario(
            name: "log", description: "", defaults: .instant,
            endpoints: [.articles: .now(.failNext(2, .status(500))), .images: .now(.alwaysFail(.status(404)))])
        let app = try ShellHarness(options: options, scenario: scenario, logger: try logger())
        try await app.waitFor("retry 1 of 3")
        try await app.advanceRetry(by: .seconds(2))
        try await app.waitFor("retry 2 of 3")
        try await app.advanceRetry(by: .seconds(2))
        try await app.waitFor("synced at")
        let log = try lines()
        #expect(log.contains("app: opened Articles"))
        #expect(log.contains("articles: page: list"))
        #expect(request(log, "mock", "GET /articles -> 500", attempt: 1))
        #expect(log.contains("articles: sync: attempt 1 failed: Server error 500; retry 1 of 3 in 2 s"))
        #expect(request(log, "mock", "GET /articles -> 500", attempt: 2))
        #expect(log.contains("articles: sync: attempt 2 failed: Server error 500; retry 2 of 3 in 2 s"))
        #expect(request(log, "mock", "GET /articles -> 200", attempt: 3))
        #expect(log.contains { $0.hasPrefix("articles: sync: synced at ") && $0.hasSuffix(": 60 articles") })
        app.press(.enter)
        #expect(try lines().contains { $0.hasPrefix("articles: page: article ") })
    }

    /// Passwords and the token never reach the log; what the screen said does.
    @Test func theProfileLogsOutcomesAndNoSecret() async throws {
        var options = LaunchOptions()
        options.challenge = .profile
        let scenario = Scenario(name: "log", description: "", defaults: .instant, endpoints: [.profileUpdate: .failingOnce(.status(500))])
        let app = try ShellHarness(options: options, scenario: scenario, logger: try logger())
        try await app.waitFor("BASIC INFORMATION")
        app.press(.tab)
        app.type("!")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("Server error 500")
        app.fillPasswords(current: "not the password", new: "hunter2-hunter2", confirmation: "hunter2-hunter2")
        app.press(.enter)
        try await app.waitFor("The current password is wrong")
        let log = try lines()
        #expect(log.contains("profile: load: loaded"))
        #expect(request(log, "mock", "GET /profiles/mine -> 200", attempt: 1))
        #expect(request(log, "mock", "POST /profiles/update -> 500", attempt: 1))
        #expect(log.contains("profile: basic information: failed: Server error 500: the server failed. Save again to retry"))
        #expect(request(log, "mock", "POST /password/change -> 403", attempt: 1))
        #expect(log.contains("profile: password: refused: Current Password: The current password is wrong"))
        let text = log.joined(separator: "\n")
        for secret in ["not the password", "hunter2", MockProfileAPI.defaultPassword, DevToken.default, "Johnny B!"] {
            #expect(!text.contains(secret), "\(secret) in the log")
        }
    }

    /// Without `--log` nothing is asked of the features at all.
    @Test func withoutALogNothingIsWritten() async throws {
        let app = try ShellHarness.profile()
        try await app.waitFor("BASIC INFORMATION")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
