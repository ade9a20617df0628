@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import ShippedConfiguration
import Testing
import TUI

/// The demo scripts of Docs/live-tools.md, recorded with captions under `Docs/demos/` and
/// replayed here frame by frame: a change that alters what a demo shows fails with the frame that
/// differs. `SNAPSHOT_UPDATE=1` records them afresh from the scripts below (then review the diff).
/// See Docs/recording.md, "The demos".
@Suite(.timeLimit(.minutes(10))) struct DemoRecordingsTests {
    struct Demo: Sendable, CustomTestStringConvertible {
        let name: String
        let options: LaunchOptions
        let scenario: Scenario
        /// What the store holds when the demo starts.
        let stored: [Article]
        /// A demo whose run, before this one, leaves the store as this one starts from (the
        /// returning user's first run).
        var after: (@Sendable () -> Demo)? = nil
        let script: @Sendable (ShellHarness, SessionRecorder) async throws -> Void

        var path: String { "Docs/demos/\(name).jsonl" }
        var testDescription: String { name }
    }

    /// One per script of Docs/live-tools.md, "Demo script" (the fourth in two runs).
    static let demos: [Demo] = [loginRetry, cMinimum, navigation, returningUserFirstRun, returningUser, articles, profile]

    @Test(arguments: demos) func theDemoReplaysFrameForFrame(_ demo: Demo) async throws {
        let url = packageRoot.appendingPathComponent(demo.path)
        if ProcessInfo.processInfo.environment["SNAPSHOT_UPDATE"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try await Self.record(demo, to: url.path)
        }
        let recording = try SessionRecording.read(url.path, challenges: Challenge.all)
        let verdict = try SessionVerdict.check(recording)
        let screen = verdict.difference.map { "\nthe replay drew:\n" + $0.screen.joined(separator: "\n") } ?? ""
        #expect(
            verdict.isIdentical,
            "\(demo.path): \(verdict.summary)\(screen)\nIf the change is meant, record the demos afresh with SNAPSHOT_UPDATE=1")
        #expect(verdict.frames == recording.frameCount)
        #expect(recording.entries.contains { if case .note = $0.line { true } else { false } }, "the demo has captions")
    }

    @Test func theDemoFolderHoldsExactlyTheseDemos() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Docs/demos").path)
        #expect(files.sorted() == Self.demos.map { "\($0.name).jsonl" }.sorted())
    }

    /// Runs `demo`'s script on a recording harness, writing to `path`.
    static func record(_ demo: Demo, to path: String, store: InMemoryRecordStore = InMemoryRecordStore()) async throws {
        if !demo.stored.isEmpty, let error = ArticlesCache.save(StoredArticles(articles: demo.stored), to: store) {
            throw HarnessFailure(description: error.message)
        }
        if let earlier = demo.after?() {
            try await record(earlier, to: NSTemporaryDirectory() + "/earlier-\(earlier.name)-\(getpid()).jsonl", store: store)
        }
        let app = try ShellHarness(options: demo.options, scenario: demo.scenario, store: store, recordTo: path)
        let recorder = try #require(app.recorder)
        try await demo.script(app, recorder)
        try app.runUntilQuiet()
        app.finishRecording()
    }

    // MARK: The scripts

    /// Demo script 1 and 3: the sign-in fails and retries while the user goes through B2 to C2,
    /// back to B2 and on again to D.
    static let navigation = Demo(
        name: "navigation-sign-in", options: ShellHarness.opening(.navigation),
        scenario: {
            var scenario = Scenario(
                name: "demo", description: "rLogin fails twice; B2",
                defaults: EndpointBehaviour(delay: 1...1, outcomes: .alwaysSucceed),
                endpoints: [.rLogin: EndpointBehaviour(delay: 1.5...1.5, outcomes: .failNext(2, .status(500)))])
            scenario[NavigationSettings.experiment] = .screenB2
            return scenario
        }(),
        stored: []
    ) { app, recorder in
        recorder.note("Screen A fetches the experiment; rLogin signs in in the background (n: the inspector)")
        // n opens the inspector with the keys; Esc gives them back to the screen.
        app.press(.char("n"), .escape)
        try await app.run(until: .seconds(0.9))
        recorder.note("B2 comes; the first sign-in fails with a 500, the next try in 1 s")
        try await app.run(until: .seconds(1.6))
        try await app.waitFor("Screen B2")
        recorder.note("Check Option 2, then Next submits it")
        try await app.run(until: .seconds(2.5))
        app.press(.down, .char(" "))
        try await app.run(until: .seconds(3))
        app.press(.enter)
        try await app.run(until: .seconds(3.5))
        recorder.note("C2 stays at least 3 s and waits for the sign-in, which fails again")
        try await app.run(until: .seconds(5.5))
        try await app.waitFor("Screen C2")
        recorder.note("Esc: back to B2, the selection kept")
        app.press(.escape)
        try await app.waitFor("Screen B2")
        try await app.run(until: .seconds(6.5))
        recorder.note("Next again: C's 3 s start afresh")
        app.press(.enter)
        try await app.run(until: .seconds(8))
        recorder.note("The third sign-in succeeds; after its 3 s C moves on to D")
        try await app.run(until: .seconds(12))
        try await app.waitFor("Screen D")
        try await app.run(until: .seconds(13))
    }

    /// Demo script 5: the stored list at once, the sync refused four times (offline), the
    /// error over the stored list; the fault panel makes it succeed and `r` syncs again.
    static let articles = Demo(
        name: "articles-retries", options: ShellHarness.opening(.articles),
        scenario: shipped("offline"), stored: SampleArticles.articles(count: 12)
    ) { app, recorder in
        recorder.note("The stored list appears at once; a sync starts (n: the inspector)")
        app.press(.char("n"), .escape)
        try await app.run(untilShows: "retry 1 of 3", by: .seconds(5))
        recorder.note("Refused: retry 1 of 3 in 2 s, counting down, no error on screen")
        try await app.run(untilShows: "retry 3 of 3", by: .seconds(10))
        recorder.note("Each retry 2 s after the last; the inspector lists each attempt")
        try await app.run(untilShows: "Sync failed", by: .seconds(15))
        recorder.note("After the fourth attempt the error appears above the stored list")
        try await app.run(until: app.now + .seconds(2))
        recorder.note("f → articles and images → always succeed, then r: the sync succeeds, the pictures come")
        app.press(.char("f"))
        for _ in 0..<3 { app.press(.up) }
        for endpoint in [EndpointName.articles, .images] {
            for _ in 0..<8 {
                guard let panel = app.shell.faultPanel?.model, panel.behaviour(endpoint).outcomes != .alwaysSucceed else { break }
                app.press(.right)
            }
            app.press(.down)
        }
        try await app.run(until: app.now + .seconds(1))
        app.press(.char("f"))
        app.press(.char("r"))
        try await app.run(untilShows: "synced at", by: app.now + .seconds(5))
        try await app.run(until: app.now + .seconds(1.5))
    }

    // MARK: The navigation flow's other scripts

    /// Demo script 1: the sign-in fails five times, backing off 1, 2, 4, 8 and 15 s, then succeeds.
    static let loginRetry = Demo(
        name: "navigation-login-retry", options: ShellHarness.opening(.navigation), scenario: shipped("login-down"), stored: []
    ) { app, recorder in
        recorder.note("rLogin signs in in the background and fails (n: the inspector, Esc: keys back)")
        app.press(.char("n"), .escape)
        try await app.run(untilShows: "Screen B", by: .seconds(5))
        recorder.note("The status line counts the attempts; each retry waits twice as long, up to 15 s")
        try await app.run(until: .seconds(16))
        recorder.note("The inspector lists /rLogin #1…#5 with 500 and the wait before the next")
        try await app.run(untilShows: "#6", by: .seconds(40))
        recorder.note("The sixth attempt answers 200: signed in")
        try await app.run(until: app.now + .seconds(2))
    }

    /// Demo script 2: C stays 3 s, though the sign-in succeeded long before.
    static let cMinimum = Demo(
        name: "navigation-c-minimum", options: ShellHarness.opening(.navigation), scenario: shipped("happy"), stored: []
    ) { app, recorder in
        recorder.note("Everything answers within 0.3 s; the sign-in succeeds at once")
        app.press(.char("n"), .escape)
        try await app.run(untilShows: "Screen B", by: .seconds(5))
        try await app.run(until: app.now + .seconds(1))
        recorder.note("Next (B2 wants an option checked first)")
        if app.contains("Screen B2") { app.press(.char(" ")) }
        app.press(.enter)
        try await app.run(untilShows: "Screen C", by: app.now + .seconds(3))
        let shown = app.now
        recorder.note("C stays at least 3 s, counted from when it appears")
        try await app.run(until: shown + .seconds(2.9))
        #expect(!app.contains("Screen D"), "C is still there at 2.9 s")
        try await app.run(untilShows: "Screen D", by: shown + .seconds(4))
        recorder.note("Then D, by itself")
        try await app.run(until: app.now + .seconds(1.5))
    }

    /// Demo script 4, the first run: B2's Option 3, Next, then q leaves with the place kept.
    static let returningUserFirstRun = Demo(
        name: "navigation-returning-1", options: ShellHarness.opening(.navigation), scenario: happyOnB2, stored: []
    ) { app, recorder in
        recorder.note("A first run: B2 (the fault panel's next experiment picks it)")
        try await app.run(untilShows: "Screen B2", by: .seconds(5))
        recorder.note("Check Option 3, then Next")
        app.press(.down, .down, .char(" "))
        try await app.run(until: app.now + .seconds(1))
        app.press(.enter)
        try await app.run(untilShows: "Screen C2", by: app.now + .seconds(3))
        recorder.note("q leaves the flow (a second q quits): the launcher says where it will resume")
        app.press(.char("q"))
        try await app.run(untilShows: "resume at Screen C2", by: app.now + .seconds(1))
        try await app.run(until: app.now + .seconds(2))
    }

    /// Demo script 4, the second run: the flow opens where the first left it.
    static let returningUser = Demo(
        name: "navigation-returning-2", options: ShellHarness.opening(.navigation), scenario: happyOnB2, stored: [],
        after: { returningUserFirstRun }
    ) { app, recorder in
        recorder.note("Started again: the flow opens on C2 with Option 3 and signs in again")
        try await app.run(untilShows: "Screen C2", by: .seconds(2))
        #expect(app.contains("Option 3"))
        try await app.run(untilShows: "Screen D", by: app.now + .seconds(5))
        recorder.note("…and goes on to D")
        try await app.run(until: app.now + .seconds(1.5))
    }

    /// A scenario as shipped in `Config/scenarios/`.
    static func shipped(_ name: String) -> Scenario {
        guard let text = BuiltInConfiguration.scenarios[name],
              let scenario = try? Scenario.decode(Data(text.utf8), name: name, file: "\(name).json")
        else { fatalError("no shipped scenario \(name)") }
        return scenario
    }

    static let happyOnB2: Scenario = {
        var scenario = shipped("happy")
        scenario[NavigationSettings.experiment] = .screenB2
        return scenario
    }()

    /// Demo script 6: every error of the profile's two saves, set with the fault panel.
    static let profile = Demo(
        name: "profile-errors", options: ShellHarness.opening(.profile),
        scenario: Scenario(name: "demo", description: "answers at once", defaults: .instant), stored: []
    ) { app, recorder in
        try await app.waitFor("BASIC INFORMATION")
        recorder.note("The profile loads with no field taking the keys; Tab goes into First Name to edit it")
        try await app.run(until: .seconds(1))
        app.press(.tab)
        app.type(" Jr")
        app.press(.escape)
        recorder.note("Esc leaves the field; the fault panel (f) makes each save fail in turn")
        var time = 1.0
        // The outcome each endpoint's row shows now (→ cycles through `FaultPanelModel.outcomes`).
        var outcome = [1: 0, 2: 0]
        let outcomes = FaultPanelModel.commonOutcomes.count + Challenge.profile.extraFaults.count
        /// Sets row `row`'s endpoint (1 profileUpdate, 2 passwordChange) to outcome `target`.
        func fail(_ row: Int, _ target: Int, caption: String) async throws {
            recorder.note(caption)
            // Off the text fields first (Esc leaves one): there `f` is typed.
            if app.profileScreen?.focus.field != nil { app.press(.escape) }
            app.press(.char("f"))
            // The panel opens on the row it was left on: to the top first, then down to `row`.
            for _ in 0..<3 { app.press(.up) }
            for _ in 0..<row { app.press(.down) }
            for _ in 0..<((target - outcome[row, default: 0] + outcomes) % outcomes) { app.press(.right) }
            outcome[row] = target
            time += 1
            try await app.run(until: .seconds(time))
            app.press(.char("f"))
        }
        let basic: [(outcome: Int, caption: String, shows: String)] = [
            (4, "400 naming no field: the section says what the server refused", "refused the change as invalid (400)"),
            (5, "401: the token is refused, and what would help", "refused the token (401)"),
            (1, "500: the server answered with an error", "Server error 500"),
            (8, "A timeout: no answer in time", "no answer in time"),
            (9, "Refused: nothing listens", "the connection was"),
            (10, "Malformed: a 200 whose body is not the contract's", "Unexpected response from the server"),
        ]
        for step in basic {
            try await fail(1, step.outcome, caption: step.caption)
            app.focus(.save(.basicInformation))
            app.press(.enter)
            try await app.waitFor(step.shows)
            time += 1.5
            try await app.run(until: .seconds(time))
        }
        let password: [(outcome: Int, caption: String, shows: String)] = [
            (6, "403 on the password change", "This account may not do that (403)"),
            (7, "422: the server's rules refused it", "refused the change by its rules (422)"),
        ]
        for step in password {
            try await fail(2, step.outcome, caption: step.caption)
            app.focus(.field(.currentPassword))
            for text in ["password123", "a-new-password", "a-new-password"] {
                app.press(.ctrl("u"))
                app.type(text)
                app.press(.tab)
            }
            app.focus(.save(.password))
            app.press(.enter)
            try await app.waitFor(step.shows)
            time += 1.5
            try await app.run(until: .seconds(time))
        }
    }
}

extension ShellHarness {
    /// The clock now, from the start.
    var now: Duration { clock.now.offset }

    /// Moves the clock from deadline to deadline until `text` is on screen; fails at `limit`.
    func run(untilShows text: String, by limit: Duration) async throws {
        for _ in 0..<100_000 {
            try runUntilQuiet()
            if contains(text) { return }
            let now = clock.now.offset
            guard now < limit else { break }
            let next = clock.nextDeadline.map { max($0.offset, now) } ?? limit
            try await advance(by: max(min(next, limit) - now, .milliseconds(1)))
        }
        throw HarnessFailure(description: "never saw '\(text)' by \(limit); the screen was:\n\(screen)")
    }
}
