import Foundation
import Testing
@testable import Core

@Suite struct AppPathsTests {
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

    @Test func theConfigFolderIsFoundNextToThePackageOrThroughTheEnvironment() {
        let config = packageRoot.appendingPathComponent("Config").path
        let binary = packageRoot.appendingPathComponent(".build/debug/challenge-tui").path
        #expect(AppPaths.configDirectory(environment: [:], executablePath: binary, currentDirectory: "/") == config)
        #expect(AppPaths.configDirectory(environment: [:], executablePath: nil, currentDirectory: packageRoot.path) == config)
        #expect(AppPaths.configDirectory(environment: ["CHALLENGE_TUI_CONFIG_DIR": "/x"], executablePath: binary, currentDirectory: "/") == "/x")
        #expect(AppPaths.configDirectory(environment: [:], executablePath: "/usr/bin/true", currentDirectory: "/") == nil)
    }
}
