import CoreTesting
import Foundation
import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct AppPathsTests {
    @Test func theDataDirectoryComesFromTheFlagThenTheEnvironmentThenXDGThenHome() {
        let all = ["CHALLENGE_TUI_DATA_DIR": "/env", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
        #expect(AppPaths.dataDirectory(flag: "/flag", environment: all) == "/flag")
        #expect(AppPaths.dataDirectory(flag: nil, environment: all) == "/env")
        #expect(AppPaths.dataDirectory(environment: ["XDG_DATA_HOME": "/xdg/", "HOME": "/home/u"]) == "/xdg/challenge-tui")
        #expect(AppPaths.dataDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/challenge-tui")
        // Empty or relative values count as unset.
        #expect(AppPaths.dataDirectory(flag: "", environment: ["CHALLENGE_TUI_DATA_DIR": "", "XDG_DATA_HOME": "rel", "HOME": "/h"])
            == "/h/.local/share/challenge-tui")
        #expect(AppPaths.dataDirectory(environment: [:]).hasSuffix("/.local/share/challenge-tui"))
    }

    @Test func theKeyDirectoryIsUnderXDGConfigHomeApartFromTheData() {
        #expect(AppPaths.keyDirectory(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/h"]) == "/cfg/challenge-tui")
        #expect(AppPaths.keyDirectory(environment: ["HOME": "/h"]) == "/h/.config/challenge-tui")
    }

    @Test func theUsersConfigurationIsUnderXDGConfigHomeAndNeverInTheCurrentOrTheProgramsFolder() throws {
        #expect(AppPaths.userConfigDirectory(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/h"]) == "/cfg/challenge-tui")
        #expect(AppPaths.userConfigDirectory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/challenge-tui")
        #expect(AppPaths.userConfigDirectory(environment: ["HOME": "/h"]) == "/h/.config/challenge-tui")
        #expect(AppPaths.userConfigDirectory(environment: [:]) == nil)
        #expect(AppPaths.userScenarioDirectory(environment: ["HOME": "/h"]) == "/h/.config/challenge-tui/scenarios")

        let folder = TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": folder.path]
        #expect(AppPaths.userConfigFile(environment: environment) == nil, "no file, nothing to read")
        try FileManager.default.createDirectory(atPath: folder.file("challenge-tui"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.file("challenge-tui/config.json"), contents: Data("{}".utf8)))
        #expect(AppPaths.userConfigFile(environment: environment) == folder.file("challenge-tui/config.json"))
    }

    @Test func theParentOfAPathDropsItsLastComponent() {
        #expect(AppPaths.parent(of: "/a/b/c") == "/a/b")
        #expect(AppPaths.parent(of: "/a/b/") == "/a")
        #expect(AppPaths.parent(of: "/a") == "/")
        #expect(AppPaths.parent(of: "/") == "/")
        #expect(AppPaths.parent(of: "//") == "/")
        #expect(AppPaths.parent(of: "name") == ".")
    }
}
