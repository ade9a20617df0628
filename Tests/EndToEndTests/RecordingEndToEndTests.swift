import Foundation
import Testing

/// `--record`, `--replay` and `--export-cast` in the real binary on a pseudo-terminal
/// (Docs/recording.md): a session recorded as a person uses the app replays with every frame the
/// same, and turns into a cast.
@Suite(.serialized, .timeLimit(.minutes(10))) struct RecordingEndToEndTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-record-e2e-\(UUID().uuidString)")
    private var dataDir: URL { root.appendingPathComponent("data") }
    private var recording: URL { root.appendingPathComponent("session.jsonl") }

    /// Records the navigation flow through a failing sign-in (the `default` scenario's rLogin
    /// fails once), with the inspector open.
    private func record() async throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let terminal = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--challenge", "navigation", "--record", recording.path],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        try await terminal.waitFor("Screen")
        try terminal.send("n")
        try await terminal.waitFor("/rLogin", timeout: .seconds(20))
        try await terminal.waitFor(" 500 ", timeout: .seconds(20))
        // The second attempt signs in.
        try await terminal.waitUntil("the second sign-in", timeout: .seconds(20)) { screen in
            screen.contains { $0.contains("/rLogin") && $0.contains(" 200 ") }
        }
        try terminal.send("q")
        try await terminal.waitFor("▸ 1  Navigation flow")
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func aRecordedSessionReplaysWithEveryFrameIdentical() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try await record()
        let text = try String(contentsOf: recording, encoding: .utf8)
        #expect(text.hasPrefix(#"{"backend":"mock","challenge":"navigation""#))
        #expect(text.contains(#""end":"quit""#))
        let attributes = try FileManager.default.attributesOfItem(atPath: recording.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)

        let replay = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--replay", recording.path, "--speed", "max"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        let end = try await replay.waitFor("all identical", timeout: .seconds(60))
        #expect(end.contains { $0.contains("Screen") }, "the replayed screen is shown above the verdict")
        #expect(end.contains { $0.contains("/rLogin") && $0.contains("500") }, "the inspector shows the recorded requests")
        try replay.send("q")
        let exit = try await replay.waitForExit()
        #expect(exit.status == 0)
        let after = try await replay.waitFor("all identical (")
        #expect(after.contains { $0.hasPrefix("replayed ") })
    }

    /// Whatever the machine's time zone, what the recorder writes the replayer reads: a `TZ` at
    /// either end of what a clock may say (25 hours less a second each way), and one past
    /// Foundation's 18 hours.
    @Test(arguments: ["UTC-24:59:59", "UTC+24:59:59", "XYZ-19"])
    func aSessionRecordedInAnyTimeZoneReplays(_ zone: String) async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var environment = BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        environment["TZ"] = zone
        let terminal = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--record", recording.path], environment: environment)
        try await terminal.waitFor("Navigation flow")
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
        let cast = root.appendingPathComponent("out.cast").path
        let replayed = try Spawn.run(
            [BuiltProducts.path("challenge-tui"), "--replay", recording.path, "--export-cast", cast], environment: environment)
        #expect(replayed.status == 0, "\(replayed.output)")
        #expect(replayed.output.hasPrefix("exported "))
    }

    @Test func aReplayPausesAndStepsBackAndForth() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try await record()
        let replay = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--replay", recording.path, "--speed", "0.5"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        try await replay.waitUntil("a few frames played") { (Self.frameNumber($0) ?? 0) >= 3 }
        try replay.send("Space")
        let paused = try await replay.waitFor("paused")
        let frame = try #require(Self.frameNumber(paused))
        try replay.send("Right")
        try await replay.waitUntil("a later frame") { (Self.frameNumber($0) ?? 0) > frame }
        try replay.send("Left")
        try await replay.waitUntil("the frame before") { (Self.frameNumber($0) ?? .max) <= frame }
        try replay.send("q")
        #expect(try await replay.waitForExit().status == 0)
    }

    @Test func aCastIsExportedWithoutATerminal() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try await record()
        let cast = root.appendingPathComponent("session.cast")
        let (status, output) = try Spawn.run([BuiltProducts.path("challenge-tui"), "--replay", recording.path, "--export-cast", cast.path])
        #expect(status == 0, "\(output)")
        #expect(output.hasPrefix("exported ") && output.contains(" frames of \(recording.path) to \(cast.path)"))
        let lines = try String(contentsOf: cast, encoding: .utf8).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
        let events = try lines.dropFirst().map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any]) }
        #expect(events.count > 5)
        #expect(events.allSatisfy { $0.count == 3 && $0[0] is Double && ["o", "r"].contains($0[1] as? String) })
        #expect(events.compactMap { $0[2] as? String }.joined().contains("Screen"))
    }

    @Test func theTimelineStepsBackPastARetryAndEscReturnsToThePresent() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // The offline scenario: every articles request is refused, retried 3 times 2 s apart.
        let terminal = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--challenge", "articles", "--scenario", "offline"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        // Once every attempt failed: the timeline keeps them, and waiting for a countdown that
        // shows for two seconds would depend on how busy the machine is.
        try await terminal.waitFor("Sync failed after 4 attempts", timeout: .seconds(60))
        try terminal.send("t")
        try await terminal.waitFor("─ Timeline · ")
        try await terminal.waitFor("articles answer: refused (attempt 2)")
        // Step back until the screen behind shows the first retry's countdown again.
        var past: [String] = []
        for _ in 0..<12 {
            try terminal.send("Up")
            past = try await terminal.waitFor("─ Timeline · ")
            if past[0].contains("retry 1 of 3") { break }
        }
        #expect(past[0].contains("retry 1 of 3"), "the screen as it was after the first failure: \(past[0])")
        #expect(past.contains { $0.contains("the screen shows as it was after the selected event") })
        try terminal.send("Escape")
        let present = try await terminal.waitUntil("the present", timeout: .seconds(30)) { screen in
            !screen.contains { $0.contains("─ Timeline · ") } && !screen[0].contains("retry 1 of 3")
        }
        #expect(present[0].contains("connection refused"), "the present: \(present[0])")
        try terminal.send("q")
        try await terminal.waitFor("▸ 2  Articles", timeout: .seconds(30))
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    /// A replay draws in the terminal as a session does: without one, one line and status 2,
    /// nothing drawn (a cast needs none: `aCastIsExportedWithoutATerminal`).
    @Test func aReplayWithoutATerminalIsOneLineAndStatus2() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try await record()
        let (status, output) = try Spawn.run([BuiltProducts.path("challenge-tui"), "--replay", recording.path])
        #expect(status == 2)
        #expect(output == "challenge-tui: standard input is not a terminal: run it in a terminal, it reads keys from there\n")
    }

    @Test func aRecordingThatCannotBePlayedIsOneMessageAndStatus2() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let bad = root.appendingPathComponent("bad.jsonl")
        try Data(#"{"format":"challenge-tui session","version":9}"#.utf8).write(to: bad)
        let (status, output) = try Spawn.run([BuiltProducts.path("challenge-tui"), "--replay", bad.path])
        #expect(status == 2)
        #expect(output == "challenge-tui: \(bad.path) line 1: a recording of format version 9; this program reads version 1 only\n")
    }

    /// The frame number in the replay's status line ("frame 12/40").
    private static func frameNumber(_ screen: [String]) -> Int? {
        for line in screen {
            guard let range = line.range(of: #"frame \d+/"#, options: .regularExpression) else { continue }
            return Int(line[range].dropFirst(6).dropLast())
        }
        return nil
    }
}
