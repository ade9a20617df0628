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

    @Test func theConfigFolderIsFoundNextToThePackageOrThroughTheEnvironment() {
        let config = packageRoot.appendingPathComponent("Config").path
        let binary = packageRoot.appendingPathComponent(".build/debug/challenge-tui").path
        #expect(AppPaths.configDirectory(environment: [:], executablePath: binary, currentDirectory: "/") == config)
        #expect(AppPaths.configDirectory(environment: [:], executablePath: nil, currentDirectory: packageRoot.path) == config)
        #expect(AppPaths.configDirectory(environment: ["CHALLENGE_TUI_CONFIG_DIR": "/x"], executablePath: binary, currentDirectory: "/") == "/x")
        #expect(AppPaths.configDirectory(environment: [:], executablePath: "/usr/bin/true", currentDirectory: "/") == nil)
    }

    @Test func aSymlinkedOrRelativeExecutableFindsTheConfigOfTheRealOne() throws {
        let folder = TemporaryDirectory()
        let config = folder.file("pkg/Config")
        try FileManager.default.createDirectory(atPath: folder.file("pkg/.build/release"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: config + "/default.json", contents: Data("{}".utf8))
        FileManager.default.createFile(atPath: folder.file("pkg/.build/release/challenge-tui"), contents: Data())
        try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: true)
        symlink(folder.file("pkg/.build/release/challenge-tui"), folder.file("bin/challenge-tui"))
        let real = AppPaths.resolvingSymlinks(config)

        #expect(AppPaths.configDirectory(environment: [:], executablePath: folder.file("bin/challenge-tui"), currentDirectory: "/") == real)
        #expect(AppPaths.configDirectory(environment: [:], executablePath: "bin/challenge-tui", currentDirectory: folder.path) == real)
        // A link that leads nowhere is taken as it is.
        symlink(folder.file("missing"), folder.file("bin/dangling"))
        #expect(AppPaths.configDirectory(environment: [:], executablePath: folder.file("bin/dangling"), currentDirectory: "/") == nil)
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
