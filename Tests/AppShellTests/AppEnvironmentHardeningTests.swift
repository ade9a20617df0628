@testable import AppShell
import ArticleDetails
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import Testing

/// What `AppEnvironment.Inputs.read` does with hostile or mistaken input before the terminal is
/// touched: a token that could forge headers, a wrong key. See Docs/security.md.
@Suite(.timeLimit(.minutes(10))) struct AppEnvironmentHardeningTests {
    private func make(_ environment: [String: String], dataDir: String) throws(LaunchError) -> AppEnvironment {
        var options = LaunchOptions()
        options.dataDirectory = dataDir
        return AppEnvironment(try AppEnvironment.Inputs.read(options: options, environment: environment))
    }

    private func folder() -> String {
        let path = NSTemporaryDirectory() + "/appenv-hardening-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theCheckedVariableIsTheOneTheProfileReads() {
        #expect(ProfileSettings.token.variable?.term == BearerToken.environmentKey)
    }

    @Test func aTokenVariableThatCouldForgeHeadersEndsTheStartWithExitTwo() {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect {
            try make(["CHALLENGE_TUI_TOKEN": "abc\r\nX-Admin: yes", "CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32)], dataDir: data)
        } throws: { error in
            guard let error = error as? LaunchError else { return false }
            return error.exitStatus == 2 && error.description.hasPrefix("CHALLENGE_TUI_TOKEN: expected a JSON web token")
                && !error.description.contains("X-Admin")
        }
    }

    @Test func aConfiguredTokenThatCouldForgeHeadersEndsTheStartWithExitTwo() throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let config = data + "/bad.json"
        try Data(#"{"profileToken": "abc\r\nX-Admin: yes"}"#.utf8).write(to: URL(fileURLWithPath: config))
        var options = LaunchOptions()
        options.dataDirectory = data
        options.configFile = config
        #expect {
            AppEnvironment(try AppEnvironment.Inputs.read(options: options, environment: [:]))
        } throws: { error in
            guard let error = error as? LaunchError else { return false }
            return error.exitStatus == 2 && error.description.hasPrefix("\(config): profileToken: expected a JSON web token")
        }
    }

    /// `--log` naming a folder or a FIFO is a mistake in the command line: exit 2 with a message,
    /// at once (a FIFO without a reader would otherwise block the start for ever).
    @Test(.timeLimit(.minutes(10)), arguments: ["folder", "fifo"])
    func aLogThatIsNotAFileEndsTheStartWithExitTwo(_ kind: String) throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let log = data + "/log"
        if kind == "folder" {
            try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        } else {
            #expect(mkfifo(log, 0o600) == 0)
        }
        var options = LaunchOptions()
        options.dataDirectory = data
        options.logFile = log
        let error = #expect(throws: LaunchError.self) {
            AppEnvironment(try AppEnvironment.Inputs.read(options: options, environment: [:]))
        }
        #expect(error?.exitStatus == 2)
        let what = kind == "folder" ? "a folder" : "a FIFO (named pipe)"
        #expect(error?.description == "--log: \(log) is \(what), not a file a log can be written to")
    }

    @Test func staleTempFilesRemovedAtOpeningAreLogged() throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let key = ["CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32)]
        _ = try make(key, dataDir: data).store
        let stale = ".articles.list.tmp-\(pid_max())-0123456789ab"
        #expect(FileManager.default.createFile(atPath: data + "/" + stale, contents: Data(count: 10)))
        var options = LaunchOptions()
        options.dataDirectory = data
        options.logFile = data + "/app.log"
        let app = AppEnvironment(try AppEnvironment.Inputs.read(options: options, environment: key))
        _ = app.store
        #expect(!FileManager.default.fileExists(atPath: data + "/" + stale))
        let log = try String(contentsOfFile: data + "/app.log", encoding: .utf8)
        #expect(log.contains("store: removed 1 temp file(s) left by writes that never finished (their program had died): \(stale)"))
    }

    /// No process can have this id: the kernel hands out ids below `pid_max`.
    private func pid_max() -> Int32 {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)) ?? "4194304"
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 4_194_304
    }

    @Test func aWrongKeyRunsInMemoryAndSaysWhereTheKeyCameFromLeavingTheFilesAlone() throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let right = String(repeating: "ab", count: 32), wrong = String(repeating: "cd", count: 32)
        do {
            // Ended before the next start: while it runs, its lock keeps any other copy out.
            let first = try make(["CHALLENGE_TUI_KEY": right], dataDir: data)
            try first.store.write(Data("progress".utf8), to: "navigation.progress")
        }
        let before = try snapshot(data)

        do {
            let second = try make(["CHALLENGE_TUI_KEY": wrong], dataDir: data)
            #expect(second.storeProblem == .wrongKey(keySource: "CHALLENGE_TUI_KEY", directory: data))
            #expect(second.store is InMemoryRecordStore)
            try second.store.write(Data("x".utf8), to: "navigation.progress")
            #expect(try snapshot(data) == before)
            #expect(second.storeProblem?.message.contains("the key from CHALLENGE_TUI_KEY does not open the data in \(data)") == true)
        }

        // The right key still opens everything.
        let third = try make(["CHALLENGE_TUI_KEY": right], dataDir: data)
        #expect(third.storeProblem == nil)
        #expect(try third.store.read("navigation.progress") == Data("progress".utf8))
    }

    /// A second copy on the same data folder runs in memory and says so, in the log too, naming
    /// the folder and the copy that has it; the folder is left exactly as it was (Docs/security.md,
    /// "Two copies on one data folder").
    @Test func aSecondCopyOnTheDataFolderKeepsNothingAndSaysWhy() throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let key = ["CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32)]
        let first = try make(key, dataDir: data)
        try first.store.write(Data("progress".utf8), to: "navigation.progress")
        let before = try snapshot(data)
        let lockBefore = try Data(contentsOf: URL(fileURLWithPath: data + "/.lock"))

        var options = LaunchOptions()
        options.dataDirectory = data
        options.logFile = folder() + "/app.log"
        let second = AppEnvironment(try AppEnvironment.Inputs.read(options: options, environment: key))
        #expect(second.storeProblem == .inUse(directory: data, holder: getpid()))
        #expect(second.store is InMemoryRecordStore)
        try second.store.write(Data("x".utf8), to: "navigation.progress")
        #expect(try snapshot(data) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: data + "/.lock")) == lockBefore)
        let log = try String(contentsOfFile: try #require(options.logFile), encoding: .utf8)
        #expect(log.contains(
            "WARNING store: Another challenge-tui (process \(getpid())) is using the data in \(data) (quit it to keep data) — nothing will be kept"))
        #expect(try first.store.read("navigation.progress") == Data("progress".utf8))
    }

    /// A data folder of ours that others may enter is made private, and the log says so.
    @Test func aDataFolderOpenToOthersIsMadePrivateAndLogged() throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(chmod(data, 0o777) == 0)
        var options = LaunchOptions()
        options.dataDirectory = data
        options.logFile = folder() + "/app.log"
        let app = AppEnvironment(try AppEnvironment.Inputs.read(options: options, environment: ["CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32)]))
        #expect(app.storeProblem == nil)
        var info = stat()
        #expect(stat(data, &info) == 0 && info.st_mode & 0o777 == 0o700)
        let log = try String(contentsOfFile: try #require(options.logFile), encoding: .utf8)
        #expect(log.contains("INFO    store: the data folder \(data) was open to other users (mode 777); made private (700)"))
    }

    /// A data folder of another user is not used: the app runs in memory and says so, as for a
    /// key folder of another user, and nothing is written in the folder.
    @Test(.enabled(if: geteuid() == 0, "chown needs root"))
    func aDataFolderOfAnotherUserKeepsNothingAndSaysWhose() throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(chmod(data, 0o777) == 0 && chown(data, 54_321, 54_321) == 0)
        let app = try make(["CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32)], dataDir: data)
        #expect(app.storeProblem == .foreignFolder(directory: data, owner: 54_321))
        #expect(app.store is InMemoryRecordStore)
        #expect(try FileManager.default.contentsOfDirectory(atPath: data).isEmpty)
    }

    /// The start removes the picture files the picture index doesn't name (a kill -9 between a
    /// picture's write and its index's), and logs them (Docs/images.md, "The cache").
    @Test func pictureFilesOutsideTheIndexAreRemovedAtStartAndLogged() throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let key = ["CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32)]
        let orphan = PictureCache.recordName(for: "http://pictures.example/1.png")
        try make(key, dataDir: data).store.write(Data("picture".utf8), to: orphan)
        var options = LaunchOptions()
        options.dataDirectory = data
        options.logFile = folder() + "/app.log"
        let app = AppEnvironment(try AppEnvironment.Inputs.read(options: options, environment: key))
        #expect(try app.store.read(orphan) == nil)
        #expect(!FileManager.default.fileExists(atPath: data + "/" + orphan))
        let log = try String(contentsOfFile: try #require(options.logFile), encoding: .utf8)
        #expect(log.contains("pictures: removed 1 picture file(s) no index named (left by a program stopped mid-save): \(orphan)"))
    }

    @Test func theKeyVariablesAreNotKeptInTheAppsEnvironment() throws {
        let data = folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let app = try make(["CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32), "CHALLENGE_TUI_TOKEN": "a.b.c"], dataDir: data)
        // The challenges read the environment through `variables`: the token is there, the key isn't.
        #expect(app.variables["CHALLENGE_TUI_KEY"] == nil)
        #expect(app.variables["CHALLENGE_TUI_TOKEN"] == "a.b.c")
    }

    /// Every file in `path` with its bytes and modification time; not the lock file, which holds
    /// the process id of the last copy to take the lock, nothing of the data.
    private func snapshot(_ path: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) where name != ".lock" {
            let file = path + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            result[name] = "\(try Data(contentsOf: URL(fileURLWithPath: file)).base64EncodedString()) \(date)"
        }
        return result
    }
}
