@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// `--no-mouse` and the configuration's `"mouse"` (Docs/mouse-and-paste.md).
@Suite(.timeLimit(.minutes(10))) struct MouseSettingsTests {
    private func configuration(_ json: String) throws(ConfigurationError) -> AppConfiguration {
        try AppConfiguration.decode(Data(json.utf8), file: "Config/x.json")
    }

    @Test func theMouseIsOnByDefaultAndTheConfigurationCanTurnItOff() throws {
        #expect(AppConfiguration.defaults.mouse)
        #expect(try configuration(#"{"mouse": false}"#).mouse == false)
        #expect(try configuration(#"{"mouse": true}"#).mouse)
        #expect(try configuration(#"{"scenario": "happy"}"#).mouse, "a file without the key keeps the default")
        #expect(AppConfiguration.defaults.json.objectValue?["mouse"] == .bool(true))
    }

    @Test func aMouseSettingThatIsNotTrueOrFalseIsAClearError() {
        do {
            _ = try configuration(#"{"mouse": "no"}"#)
            Issue.record("accepted \"no\"")
        } catch {
            #expect(error.message.contains("mouse"))
            #expect(error.message.contains("expected true or false"))
        }
    }

    @Test func noMouseIsAFlagInTheUsage() throws {
        guard case .run(let options) = try LaunchArguments.parse(["--no-mouse"]) else {
            Issue.record("--no-mouse does not run the app")
            return
        }
        #expect(options.noMouse)
        #expect(throws: UsageError.self) { try LaunchArguments.parse(["--no-mouse=yes"]) }
        #expect(throws: UsageError.self) { try LaunchArguments.parse(["--no-mouse", "--no-mouse"]) }
        #expect(LaunchArguments.usage.contains("[--no-mouse]"))
        #expect(LaunchArguments.usage.contains("--no-mouse         no clicks or wheel"))
    }

    @Test func theTerminalModesFollowTheFlagAndTheConfiguration() {
        func modes(noMouse: Bool, mouse: Bool) -> TerminalModes {
            var options = LaunchOptions()
            options.noMouse = noMouse
            var configuration = AppConfiguration.defaults
            configuration.mouse = mouse
            return AppEnvironment.terminalModes(configuration, options)
        }
        #expect(modes(noMouse: false, mouse: true) == .standard)
        #expect(modes(noMouse: true, mouse: true) == TerminalModes(mouse: false, bracketedPaste: true))
        #expect(modes(noMouse: false, mouse: false) == TerminalModes(mouse: false, bracketedPaste: true))
    }
}

extension JSONValue {
    fileprivate var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
