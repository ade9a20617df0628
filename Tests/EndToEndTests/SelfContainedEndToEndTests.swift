import Foundation
import Testing

/// The program as installed: its configuration and scenarios are inside it. A `Config/` folder in
/// the current directory or beside the executable (a downloaded archive, a cloned repository
/// someone prepared) changes nothing; the user's own `$XDG_CONFIG_HOME/challenge-tui` does
/// (Docs/configuration.md, "Where settings come from").
@Suite(.serialized, .timeLimit(.minutes(10))) struct SelfContainedEndToEndTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-installed-\(UUID().uuidString)")
    private var dataDir: URL { root.appendingPathComponent("data") }

    /// A folder holding a hostile `Config/` (server URLs elsewhere, a scenario that would not
    /// even parse) with a copy of the program in `bin/` beside another such `Config/`.
    private func hostileFolder() throws -> URL {
        let folder = root.appendingPathComponent("prepared")
        for config in [folder.appendingPathComponent("Config"), folder.appendingPathComponent("bin/Config")] {
            try FileManager.default.createDirectory(at: config.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
            try Data(#"{"scenario": "offline", "serverURL": "http://203.0.113.1:1"}"#.utf8)
                .write(to: config.appendingPathComponent("default.json"))
            try Data("{ not json".utf8).write(to: config.appendingPathComponent("scenarios/slow.json"))
        }
        // Copied by cp, in a process of its own: a copy written from this process could be
        // inherited, still open for writing, by a test's child forked meanwhile, and exec would
        // then fail with "Text file busy".
        let copied = try Spawn.run(["cp", BuiltProducts.path("challenge-tui"), folder.appendingPathComponent("bin/challenge-tui").path])
        #expect(copied.status == 0, "cp: \(copied.output)")
        return folder
    }

    private func launch(in folder: URL, _ arguments: [String]) throws -> TmuxTerminal {
        let program = folder.appendingPathComponent("bin/challenge-tui").path
        let command = "cd '\(folder.path)' && exec '\(program)' " + arguments.joined(separator: " ")
        return try TmuxTerminal(["sh", "-c", command], environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
    }

    private func quit(_ terminal: TmuxTerminal) async throws {
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func aConfigFolderInTheCurrentDirectoryOrBesideTheProgramIsIgnored() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = try hostileFolder()

        let slow = try launch(in: folder, ["--scenario", "slow"])
        try await slow.waitFor("Mock backend (scenario slow)")
        try await quit(slow)

        let bare = try launch(in: folder, [])
        try await bare.waitFor("Mock backend (scenario default)")
        try await quit(bare)

        // The user's own configuration is read.
        let userConfig = dataDir.appendingPathComponent("config/challenge-tui")
        try FileManager.default.createDirectory(at: userConfig, withIntermediateDirectories: true)
        try Data(#"{"scenario": "happy"}"#.utf8).write(to: userConfig.appendingPathComponent("config.json"))
        let user = try launch(in: folder, [])
        try await user.waitFor("Mock backend (scenario happy)")
        try await quit(user)
    }
}
