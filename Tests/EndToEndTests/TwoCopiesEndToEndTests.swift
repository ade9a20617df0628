import Foundation
import Testing

/// Two copies of the real binary on one data folder (Docs/security.md, "Two copies on one data
/// folder"): the first has the folder's lock for as long as it runs; a second runs keeping
/// nothing and says so, naming the first by its process id; `--reset` meanwhile refuses with
/// status 1 before the terminal is touched, and the folder is left exactly as it was.
@Suite(.serialized, .timeLimit(.minutes(10))) struct TwoCopiesEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-two-\(UUID().uuidString)")

    private func launch(_ arguments: [String]) throws -> TmuxTerminal {
        // Wide enough that every message fits on one row.
        try TmuxTerminal(
            [BuiltProducts.path("challenge-tui")] + arguments, width: 200, height: 24,
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
    }

    /// Every file of the data folder with its bytes and inode.
    private func snapshot() throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dataDir.path) where name != "config" {
            let path = dataDir.appendingPathComponent(name).path
            var info = stat()
            lstat(path, &info)
            result[name] = "\(((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()).base64EncodedString()) \(info.st_ino)"
        }
        return result
    }

    @Test func aSecondCopyKeepsNothingAndSaysWhyAndResetRefusesWithStatusOne() async throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        // The first copy: the flow stores its progress once the experiment is fetched.
        let first = try launch(["--challenge", "navigation", "--scenario", "happy"])
        try await first.waitUntil("the flow's progress stored") { _ in
            FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("navigation.progress").path)
        }
        let holder = try first.programPID()
        let folder = dataDir.path

        // A second copy runs, keeping nothing, and says why on the launcher (a line that stays)
        // and in the log. Its notice is on screen for 6 s only, which a busy machine's polling
        // can miss, so the whole sentence is read from the log instead.
        let log = dataDir.deletingLastPathComponent().appendingPathComponent("\(dataDir.lastPathComponent).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let second = try launch(["--log", log.path])
        let screen = try await second.waitFor("Nothing will be kept: another copy (process \(holder)) is using the data folder")
        let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(logged.contains("Another challenge-tui (process \(holder)) is using the data in \(folder) (quit it to keep data) — nothing will be kept"), "\(logged)")
        #expect(screen.contains { $0.contains("not started") }, "it read nothing of the first's progress")
        try second.send("q")
        #expect(try await second.waitForExit().status == 0)

        // --reset refuses, before the terminal is touched, and changes nothing.
        let before = try snapshot()
        let reset = try launch(["--reset"])
        let (status, _) = try await reset.waitForExit()
        #expect(status == 1)
        let text = try reset.screen().joined(separator: "\n")
        #expect(text.contains(
            "challenge-tui: --reset: Another challenge-tui (process \(holder)) is using the data in \(folder) (quit it to keep data); nothing was forgotten"),
            "\(text)")
        #expect(!text.contains("Navigation flow"), "the launcher never showed")
        #expect(try snapshot() == before)

        // Once the first has quit, the folder is free: a reset goes through.
        try first.send("q")
        try await first.waitFor("Navigation flow")
        try first.send("q")
        #expect(try await first.waitForExit().status == 0)
        let again = try launch(["--reset"])
        try await again.waitFor("not started")
        #expect(!FileManager.default.fileExists(atPath: dataDir.appendingPathComponent("navigation.progress").path))
        try again.send("q")
        #expect(try await again.waitForExit().status == 0)
    }
}
