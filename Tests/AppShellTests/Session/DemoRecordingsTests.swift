import Articles
import Contract
import Core
import CoreTesting
import Foundation
import Testing
import TUI
@testable import AppShell

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
        let script: @Sendable (ShellHarness, SessionRecorder) async throws -> Void

        var path: String { "Docs/demos/\(name).jsonl" }
        var testDescription: String { name }
    }

    static let demos: [Demo] = [navigation, articles, profile]

    @Test(arguments: demos) func theDemoReplaysFrameForFrame(_ demo: Demo) async throws {
        let url = packageRoot.appendingPathComponent(demo.path)
        if ProcessInfo.processInfo.environment["SNAPSHOT_UPDATE"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try await Self.record(demo, to: url.path)
        }
        let recording = try SessionRecording.read(url.path)
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
    static func record(_ demo: Demo, to path: String) async throws {
        let store = InMemoryRecordStore()
        if !demo.stored.isEmpty, let error = ArticlesCache.save(StoredArticles(articles: demo.stored), to: store) {
            throw HarnessFailure(description: error.message)
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

    /// Demo script 5: the stored list at once, the sync failing twice, then succeeding.
    static let articles = Demo(
        name: "articles-retries", options: ShellHarness.opening(.articles),
        scenario: Scenario(
            name: "demo", description: "the sync fails twice", defaults: .instant,
            endpoints: [
                .articles: EndpointBehaviour(delay: 0.5...0.5, outcomes: .failNext(2, .status(500))),
                .images: EndpointBehaviour(delay: 0.3...0.3, outcomes: .alwaysSucceed),
            ]),
        stored: SampleArticles.articles(count: 12)
    ) { app, recorder in
        recorder.note("The stored list appears at once; a sync starts (n: the inspector)")
        app.press(.char("n"), .escape)
        try await app.run(until: .seconds(0.5))
        recorder.note("The first attempt answers 500: retry 1 of 3 in 2 s, no error on screen")
        try await app.run(until: .seconds(3))
        recorder.note("The second fails too: retry 2 of 3")
        try await app.run(until: .seconds(5.5))
        recorder.note("The third succeeds: the fresh list replaces the stored one, its pictures load")
        try await app.run(until: .seconds(7))
        recorder.note("n n hides the inspector (the first gives it the keys); ↓ moves, Enter opens an article")
        app.press(.char("n"), .char("n"))
        for _ in 0..<3 { app.press(.down) }
        try await app.run(until: .seconds(8))
        app.press(.enter)
        try await app.run(until: .seconds(10))
        app.press(.escape)
        try await app.run(until: .seconds(11))
    }

    /// Demo script 6: every error of the profile's two saves, set with the fault panel.
    static let profile = Demo(
        name: "profile-errors", options: ShellHarness.opening(.profile),
        scenario: Scenario(name: "demo", description: "answers at once", defaults: .instant), stored: []
    ) { app, recorder in
        try await app.waitFor("BASIC INFORMATION")
        recorder.note("The profile loads; the fault panel (f) makes each save fail in turn")
        try await app.run(until: .seconds(1))
        app.type(" Jr")
        var time = 1.0
        // The outcome each endpoint's row shows now (→ cycles through `FaultPanelModel.outcomes`).
        var outcome = [1: 0, 2: 0]
        let outcomes = FaultPanelModel.commonOutcomes.count + Challenge.profile.extraFaults.count
        /// Sets row `row`'s endpoint (1 profileUpdate, 2 passwordChange) to outcome `target`.
        func fail(_ row: Int, _ target: Int, caption: String) async throws {
            recorder.note(caption)
            // Off the text fields first: there `f` is typed.
            app.focus(.save(row == 1 ? .basicInformation : .password))
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
