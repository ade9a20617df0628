@testable import AppShell
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
import Testing
import TUI

/// The screen-reader mode's transcripts of each challenge's main path (Docs/screen-reader.md),
/// kept in Docs/screen-reader/ for a person to read and judge: the app headless on a manual
/// clock, so every run says the same. `SNAPSHOT_UPDATE=1` rewrites them.
@Suite(.timeLimit(.minutes(10))) struct ScreenReaderTranscriptTests {
    static func scenario(_ json: String) throws -> Scenario {
        try Scenario.decode(Data(json.utf8), name: "transcript", file: "transcript.json")
    }

    /// Checks `transcript` against its golden file and the rules every transcript keeps.
    static func check(_ transcript: [String], golden name: String) {
        let text = transcript.joined(separator: "\n") + "\n"
        let mismatch = GoldenFile.mismatch(text, at: "Docs/screen-reader/\(name).txt")
        #expect(mismatch == nil, "\(mismatch ?? "")")
        #expect(TranscriptRules.problems(in: text) == [], "\(TranscriptRules.problems(in: text))")
    }

    @Test func theNavigationFlowWithAFailingSignInAndTheBackButtonFromC2() async throws {
        let app = try ShellHarness(
            scenario: try Self.scenario(#"""
                {"experiment": "screenB2", "defaults": {"delay": 0.5, "outcome": "succeed"},
                 "endpoints": {"rLogin": {"delay": 0.5, "outcome": {"failNext": 2, "failure": "500"}}}}
                """#),
            screenReader: true)
        app.press(.char("1"), .enter)
        try await app.run(until: .seconds(5))
        #expect(app.transcript.contains("Signed in."))
        app.press(.char("3"), .enter)
        app.press(.enter)
        try await app.run(until: .seconds(5.6))
        #expect(app.transcript.last?.hasPrefix("Screen C2") == true, "\(app.transcript.suffix(3))")
        app.press(.escape)
        app.press(.enter)
        try await app.run(until: .seconds(10))
        app.press(.char("q"))
        Self.check(app.transcript, golden: "navigation")
    }

    @Test func anArticleSyncWithRetriesAndOneArticle() async throws {
        let app = try ShellHarness(
            scenario: try Self.scenario(#"""
                {"defaults": {"delay": 0.5, "outcome": "succeed"},
                 "endpoints": {"articles": {"delay": 0.5, "outcome": {"failNext": 2, "failure": "500"}}}}
                """#),
            screenReader: true)
        app.press(.char("2"), .enter)
        try await app.run(until: .seconds(8))
        #expect(app.transcript.contains { $0.hasPrefix("Synced at") })
        app.press(.char("2"), .enter)
        app.press(.escape)
        app.press(.char("q"))
        Self.check(app.transcript, golden: "articles")
    }

    @Test func aProfileSaveWithAFieldErrorAndAPasswordChange() async throws {
        let app = try ShellHarness(
            scenario: try Self.scenario(#"{"defaults": {"delay": 0.5, "outcome": "succeed"}}"#), screenReader: true)
        app.press(.char("3"), .enter)
        try await app.run(until: .seconds(1))
        // First Name emptied and saved: the field's error; then a name, saved.
        app.press(.tab, .ctrl("u"), .enter, .enter, .enter)
        app.press(.backTab, .backTab)
        app.type("Jim")
        app.press(.enter, .enter, .enter)
        try await app.run(until: .seconds(2))
        // The password: the current one, a new one twice, saved.
        app.press(.tab)
        app.type("password123")
        app.press(.enter)
        app.type("hunter2hunter2")
        app.press(.enter)
        app.type("hunter2hunter2")
        app.press(.enter, .enter)
        try await app.run(until: .seconds(3))
        app.press(.char("q"))
        Self.check(app.transcript, golden: "profile")
        #expect(!app.transcript.joined().contains("hunter2") && !app.transcript.joined().contains("password123"), "never echoed")
    }
}

/// The live tools and help in the screen-reader mode: each request said once when it ends, the
/// fault panel a numbered menu chosen by number, help one key a line, nothing decorated.
@Suite(.timeLimit(.minutes(10))) struct ScreenReaderLiveToolsTests {
    @Test func theInspectorSaysEachRequestOnceWhenItEnds() async throws {
        let app = try ShellHarness(
            scenario: try ScreenReaderTranscriptTests.scenario(#"""
                {"defaults": {"delay": 0.5, "outcome": "succeed"},
                 "endpoints": {"rLogin": {"delay": 0.5, "outcome": {"failNext": 1, "failure": "500"}}}}
                """#),
            screenReader: true)
        app.press(.char("1"), .enter, .char("n"))
        try await app.run(until: .seconds(3))
        let requests = app.transcript.filter { $0.hasPrefix("GET ") || $0.hasPrefix("POST ") }
        #expect(requests.contains("GET /rLogin: 500 after 500 milliseconds, attempt 1."), "\(requests)")
        #expect(requests.contains("GET /rLogin: 200 after 500 milliseconds, attempt 2."), "\(requests)")
        #expect(Set(requests).count == requests.count, "each once: \(requests)")
        #expect(!app.transcript.contains { $0.contains("pending") }, "said when it ends, not while it runs")
    }

    @Test func theFaultPanelIsANumberedMenuAndANumberChoosesItsRow() throws {
        let app = try ShellHarness(screenReader: true)
        app.press(.char("f"))
        let menu = try #require(app.transcript.last { $0.hasPrefix("Fault panel, scenario instant.") })
        #expect(menu.contains("9 rows: 1 rLogin, 2 rFetchExperiments, 3 rSubmitSelection, 4 next experiment, 5 articles"), "\(menu)")
        #expect(app.transcript.last == "rLogin, instant, always succeed", "the selected row with its values")
        app.press(.char("4"), .enter)
        #expect(Array(app.transcript.suffix(2)) == ["next experiment, random", "Row 4 of 9"])
        app.press(.right)
        #expect(Array(app.transcript.suffix(1)) == ["next experiment, screenB1"], "only the row's new value is said")
        let before = app.transcript.count
        app.press(.escape)
        #expect(app.transcript.dropFirst(before).first?.hasPrefix("challenge-tui, on the mock backend") == true, "back to the launcher")
    }

    @Test func helpIsOneKeyALineInWordsAndNoTranscriptLineIsDecorated() throws {
        let app = try ShellHarness(screenReader: true)
        app.press(.char("?"))
        let help = app.transcript.drop { !$0.hasPrefix("Help.") }
        #expect(help.contains("Up Down k j: move the selection."), "\(app.transcript)")
        #expect(help.contains("Everywhere:"))
        app.press(.escape, .char("2"), .enter, .char("t"))
        let text = app.transcript.joined(separator: "\n") + "\n"
        #expect(TranscriptRules.problems(in: text) == [], "\(TranscriptRules.problems(in: text))")
    }
}
