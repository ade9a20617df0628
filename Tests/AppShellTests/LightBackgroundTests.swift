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
import TUI

/// The terminal's background in the app (Docs/configuration.md, "Terminals"): pictures without
/// colour turn the right way round when the terminal says it is light, the answer is recorded
/// like a key so a replay turns at the same frame, a recording started on a light terminal
/// says so in its header, and the setting is read from the command line and the configuration.
@Suite(.timeLimit(.minutes(10))) struct LightBackgroundTests {
    private static func shades(_ app: ShellHarness) -> String { ArticlesPicturesTests.imageRows(app).joined() }

    @Test func theTerminalsAnswerTurnsPicturesWithoutColourAndIsRecorded() async throws {
        var options = ShellHarness.opening(.articles)
        options.noColor = true
        let scenario = Scenario(
            name: "articles-test", description: "pictures at once", defaults: .instant,
            endpoints: [.articles: .instant, .images: .instant])
        var darkShades = "", lightShades = ""
        let session = try await RecordedSession.record(options: options, scenario: scenario) { app in
            try await app.waitFor("synced at")
            app.press(.end, .enter)
            try await app.settle()
            darkShades = Self.shades(app)
            app.press(.background(.light))
            try await app.settle()
            lightShades = Self.shades(app)
            app.press(.background(.light)) // the same again changes nothing
            app.press(.escape)
        }
        #expect(darkShades.contains { "░▒▓█".contains($0) })
        #expect(darkShades != lightShades, "\(darkShades)\n\(lightShades)")
        // Ink where it was light, and the other way round: the mock's grey picture has light
        // flecks (`░`, little ink) on a dark terminal, dense ones (`▓`) on a light one.
        #expect(darkShades.contains("░") && !darkShades.contains("▓"), "\(darkShades)")
        #expect(lightShades.contains("▓") && !lightShades.contains("░"), "\(lightShades)")
        #expect(session.objects.contains { $0["key"] as? String == "background light" })
        try session.expectIdentical()
    }

    @Test func aRecordingStartedOnALightTerminalSaysSoAndReplaysSo() async throws {
        var options = ShellHarness.opening(.articles)
        options.noColor = true
        let session = try await RecordedSession.record(options: options) { app in
            try await app.waitFor("synced at")
        }
        let top = try #require(try JSONSerialization.jsonObject(with: Data(session.lines[0].utf8)) as? [String: Any])
        #expect(top["background"] == nil, "a dark start keeps the header as it was")
        #expect(session.recording.header.background == .dark)
        var header = session.recording.header
        header.background = .light
        #expect(header.json(challenges: Challenge.all).description.contains("\"background\":\"light\""))
        let text = header.json(challenges: Challenge.all).description + "\n" + session.lines.dropFirst().joined(separator: "\n") + "\n"
        let reread = try SessionRecording.parse(Data(text.utf8), file: "light.jsonl", challenges: Challenge.all)
        #expect(reread.header.background == .light)
        let bad = session.lines[0].replacingOccurrences(of: "\"seeds\"", with: "\"background\":\"grey\",\"seeds\"")
        #expect(throws: SessionReadError.self) {
            try SessionRecording.parse(Data((bad + "\n" + session.lines.dropFirst().joined(separator: "\n") + "\n").utf8), file: "bad.jsonl", challenges: Challenge.all)
        }
    }

    @Test func theSettingComesFromTheFlagThenTheConfiguration() throws {
        guard case .run(let light) = try LaunchArguments.parse(["--background", "light"]) else { Issue.record("no run"); return }
        #expect(light.background == .light)
        guard case .run(let none) = try LaunchArguments.parse([]) else { Issue.record("no run"); return }
        #expect(none.background == nil)
        #expect(throws: UsageError.self) { try LaunchArguments.parse(["--background", "grey"]) }
        #expect(throws: UsageError.self) { try LaunchArguments.parse(["--replay", "x.jsonl", "--background", "dark"]) }
        let configured = try AppConfiguration.decode(Data(#"{"background": "light"}"#.utf8), file: "c.json")
        #expect(configured.background == .light)
        #expect(AppConfiguration.defaults.background == .auto)
        #expect(throws: ConfigurationError.self) { try AppConfiguration.decode(Data(#"{"background": "beige"}"#.utf8), file: "c.json") }
        #expect(BackgroundSetting.auto.forced == nil && BackgroundSetting.light.forced == .light && BackgroundSetting.dark.forced == .dark)
    }
}
