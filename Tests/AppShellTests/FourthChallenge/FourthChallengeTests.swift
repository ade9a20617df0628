@testable import AppShell
@testable import challenge_tui
import CommandLineKit
import Core
import CoreTesting
import Foundation
@testable import Recording
import Testing
import TUI

/// Docs/architecture.md, "Adding a challenge", holds to the letter: a fourth challenge made and
/// registered from this test target only (`SettingsChallenge.swift`) is offered by the launcher,
/// opens, answers its keys, leaves, and has its endpoints, its configuration key and its
/// command line, with no edit anywhere else.
@Suite(.timeLimit(.minutes(10))) struct FourthChallengeTests {
    static let challenges = Challenge.all + [.settings]

    @Test func theLauncherOffersItAndItOpensAnswersKeysAndLeaves() async throws {
        let app = try ShellHarness(challenges: Self.challenges)
        #expect(app.contains("4  Settings"))
        #expect(app.contains("Load and save preferences"))
        app.press(.char("4"))
        try await app.waitFor("Theme: light")
        #expect(app.contains("Not saved yet"))
        #expect(app.lines.last?.hasPrefix("d theme · s save") == true, "its keys on the key bar")
        app.press(.char("d"))
        #expect(app.contains("Theme: dark"))
        app.press(.char("s"))
        try await app.waitFor("Saved 1×")
        app.press(.char("n"))
        #expect(app.contains("GET  /settings "), "its requests in the network inspector")
        #expect(app.contains("POST /settings/save"))
        app.press(.char("n"))

        app.press(.char("?"))
        #expect(app.contains("switch between the light and the dark theme"), "its keys in help")
        app.press(.escape, .char("q"))
        #expect(app.shell.currentChallenge == nil, "back on the launcher")
        #expect(app.contains("▸ 4  Settings"), "the cursor on the challenge just left")
    }

    @Test func theFaultPanelListsItsEndpointsAndTheirFaultsWork() async throws {
        let app = try ShellHarness(challenges: Self.challenges)
        app.press(.char("4"))
        try await app.waitFor("Theme: light")
        app.press(.char("f"))
        #expect(app.contains("settingsLoad") && app.contains("settingsSave"))
        #expect(!app.contains("rLogin"))
        // settingsSave → always fail (500), then close and save.
        app.press(.down, .right, .char("f"), .char("s"))
        try await app.waitFor(APIError.http(status: 500, body: "").message)
        #expect(app.environment.mock.endpoint(.settingsSave).behaviour.outcomes == .alwaysFail(.status(500)))
    }

    /// A session with it is recorded and replayed frame for frame from the registration the app
    /// was started with; the same file read without the challenge is refused.
    @Test func aSessionWithItRecordsAndReplays() async throws {
        let session = try await RecordedSession.record(challenges: Self.challenges) { app in
            app.press(.char("4"))
            try await app.waitFor("Theme: light")
            app.press(.char("d"), .char("s"))
            try await app.waitFor("Saved 1×")
            app.press(.char("t"), .escape, .char("q"), .char("q"))
        }
        #expect(session.text.contains(#""saved":{"ok":true}"#), "its answers are written")
        #expect(session.text.contains(#""loaded":{"ok":"light"}"#))
        try session.expectIdentical()
        // Without it, the launcher's 4 opens nothing and its answers have no screen to go to.
        let without = try SessionRecording.parse(Data(session.text.utf8), file: "settings.jsonl", challenges: Challenge.all)
        #expect(try SessionVerdict.check(without).isIdentical == false)
    }

    @Test func itsConfigurationKeyIsReadByItsOwnCode() throws {
        let json = Data(#"{"settingsTheme": "dark", "requestTimeout": 5}"#.utf8)
        let configuration = try AppConfiguration.decode(json, file: "my.json", over: .defaults(for: Self.challenges), challenges: Self.challenges)
        #expect(configuration[SettingsSettings.theme] == "dark")
        #expect(configuration.requestTimeout == .seconds(5))
        #expect(AppConfiguration.defaults(for: Self.challenges)[SettingsSettings.theme] == "light")
        #expect(AppConfiguration.defaults(for: Self.challenges).json.value(at: ["settingsTheme"]) == .string("light"))
        #expect(throws: ConfigurationError(file: "my.json", keyPath: "settingsTheme", problem: #"expected "light" or "dark", got "blue""#)) {
            try AppConfiguration.decode(Data(#"{"settingsTheme": "blue"}"#.utf8), file: "my.json", challenges: Self.challenges)
        }
        // Without the challenge the key is unknown, as any other.
        #expect(throws: ConfigurationError.self) { try AppConfiguration.decode(json, file: "my.json") }

        var options = LaunchOptions()
        options.challenge = .settings
        let app = try ShellHarness(options: options, configuration: configuration, challenges: Self.challenges)
        try app.runUntilQuiet()
        #expect(app.contains("Theme: dark"))
    }

    @Test func scenarioFilesMayConfigureItsEndpoints() throws {
        let text = Data(#"{"endpoints": {"settingsLoad": {"outcome": "fail:offline"}}}"#.utf8)
        let scenario = try Scenario.decode(text, name: "x", file: "x.json", challenges: Self.challenges)
        #expect(scenario.behaviour(for: .settingsLoad).outcomes == .alwaysFail(.offline))
        #expect(throws: ConfigurationError.self) { try Scenario.decode(text, name: "x", file: "x.json") }
    }

    @Test func theCommandLineOffersIt() throws {
        #expect(try LaunchArguments.parse(["--challenge", "settings"], challenges: Self.challenges) == .run({
            var options = LaunchOptions()
            options.challenge = .settings
            return options
        }()))
        #expect(throws: UsageError.self) { try LaunchArguments.parse(["--challenge", "settings"]) }
        let usage = HelpText.render(LaunchInterface.interface(for: Self.challenges))
        #expect(usage.contains("navigation|articles|profile|settings"))
        let keys = LaunchInterface.manPage(for: Self.challenges).keys
        #expect(keys.contains(Definition("Settings", "d theme · s save")), "its keys in the man page")
    }

    /// The registration in the page names only what `Challenge` takes.
    @Test func theDocumentedRegistrationUsesTheRegistrationsOwnLabels() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Docs/architecture.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Adding a challenge").last)
        let registration = try #require(section.components(separatedBy: "static let settings = Challenge(").dropFirst().first)
        // The call up to the end of its extension, closures left out.
        let call = (registration.components(separatedBy: "\n}\n").first ?? "").replacing(#/\{[^{}]*\}/#, with: "")
        let labels = call.matches(of: #/([a-zA-Z]+): /#).map { String($0.1) }
        let source = try String(contentsOf: packageRoot.appendingPathComponent("Sources/AppShell/Feature/Challenge.swift"), encoding: .utf8)
        let initializer = try #require(source.components(separatedBy: "    package init(\n").dropFirst().first?.components(separatedBy: ") {").first)
        #expect(!labels.isEmpty)
        for label in labels {
            #expect(initializer.contains("\(label):"), "Challenge's init takes \(label):")
        }
        #expect(section.contains("`Sources/challenge-tui/Challenge+All.swift`"))
        for step in ["ChallengeSetting", "DependencyKey", "FeatureHost", "Challenge.all"] {
            #expect(section.contains(step), "the page names \(step)")
        }
    }
}
