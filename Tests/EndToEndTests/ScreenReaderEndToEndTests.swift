import CoreTesting
import Foundation
import Testing

/// `--screen-reader` in the real binary on a terminal (Docs/screen-reader.md): what it writes is
/// the transcript itself, checked byte for byte against the rules (no decoration, no escape
/// sequence, no line twice in a row) and read for its account of the flow; recorded, the
/// session replays with every frame identical.
@Suite(.timeLimit(.minutes(10))) struct ScreenReaderEndToEndTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-sr-\(UUID().uuidString)")
    var dataDir: URL { root.appendingPathComponent("data") }
    var transcript: URL { root.appendingPathComponent("transcript.txt") }

    /// The flow's scenario: the experiment is B2, and rLogin fails five times before it
    /// succeeds (backoff 1, 2, 4, 8, 15 s: signed in after about 32 s; C waits for it, so its
    /// back button is there however slowly a busy machine runs the test).
    func writeScenario() throws {
        let folder = dataDir.appendingPathComponent("config/challenge-tui/scenarios")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"""
            {"description": "screen reader", "experiment": "screenB2", "defaults": {"delay": 0.3, "outcome": "succeed"},
             "endpoints": {"rLogin": {"delay": 0.3, "outcome": {"failNext": 5, "failure": "500"}}}}
            """#.utf8).write(to: folder.appendingPathComponent("reader.json"))
    }

    /// The program in tmux, what it writes to its standard output copied to `transcript`.
    func start(_ arguments: [String]) throws -> TmuxTerminal {
        try writeScenario()
        let command = ([BuiltProducts.path("challenge-tui"), "--screen-reader", "--scenario", "reader"] + arguments)
            .map { "'\($0)'" }.joined(separator: " ")
        return try TmuxTerminal(["sh", "-c", "\(command) | tee '\(transcript.path)'"], width: 100, height: 40,
                                environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
    }

    /// The transcript's lines once `count` of them contain `text`.
    @discardableResult
    func waitForLine(_ text: String, count: Int = 1, timeout: Duration = .seconds(30)) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        // Read once more after the deadline: a busy test run may wake this task late.
        while true {
            let isLast = ContinuousClock.now >= deadline
            let lines = (try? String(contentsOf: transcript, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            if lines.filter({ $0.contains(text) }).count >= count { return lines }
            if isLast { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TmuxTerminal.Failure(description: "no line with \(text.debugDescription) in the transcript: \((try? String(contentsOf: transcript, encoding: .utf8)) ?? "")")
    }

    @Test func theFlowWithAFailingSignInAndTheBackButtonFromC2ReadsAsAnAccount() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let app = try start([])
        try await waitForLine("Type a number and Enter")
        try app.type("1")
        try app.send("Enter")
        // A's request first (its three seconds at least): a starved test run once took more than
        // the default 30 s to see B2 (nothing here waits on a deadline of the app's).
        try await waitForLine("Screen B2", timeout: .seconds(90))
        try app.type("3")
        try app.send("Enter")
        try await waitForLine("Option 3 is checked.")
        try app.send("Enter")
        try await waitForLine("Screen C2")
        try app.send("Escape")
        // Back on B2 from C2, within C2's 3 seconds.
        try await waitForLine("Screen B2 of the navigation flow", count: 2, timeout: .seconds(10))
        try app.send("Enter")
        try await waitForLine("Screen D", timeout: .seconds(120))
        try app.send("q")
        try await waitForLine("resume at Screen D")
        try app.send("q")
        _ = try await app.waitForExit()

        let bytes = try Data(contentsOf: transcript)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!bytes.contains(0x1B), "no escape sequence: nothing is drawn, moved or cleared")
        let lines = text.split(separator: "\n").map(String.init)
        for (previous, line) in zip(lines, lines.dropFirst()) { #expect(previous != line, "said twice in a row: \(line)") }
        #expect(!text.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value) },
                "no box drawing, block or braille: \(text)")
        // The account: the screens in their order, and the sign-in's in its own (the two run
        // side by side).
        let screens = [
            "Choose one of 3 challenges", "Screen A of the navigation flow", "Screen B2 of the navigation flow",
            "Option 3 is checked.", "Sending your choice.", "Screen C2 of the navigation flow. Your choice: Option 3.",
            "Screen B2 of the navigation flow", "Screen C2", "Screen D",
        ]
        let signIn = [
            "Signing in.", "Signing in failed (Server error 500), retrying in 1 second.", "Retrying now: sign-in attempt 2.",
            "Signing in failed (Server error 500), retrying in 2 seconds.", "Retrying now: sign-in attempt 3.",
            "Signing in failed (Server error 500), retrying in 4 seconds.", "Retrying now: sign-in attempt 4.",
            "Signing in failed (Server error 500), retrying in 8 seconds.", "Retrying now: sign-in attempt 5.",
            "Signing in failed (Server error 500), retrying in 15 seconds.", "Retrying now: sign-in attempt 6.", "Signed in.",
        ]
        for account in [screens, signIn] {
            var rest = lines[...]
            for sentence in account {
                guard let index = rest.firstIndex(where: { $0.contains(sentence) }) else {
                    Issue.record("\(sentence.debugDescription) not said in order in:\n\(text)")
                    break
                }
                rest = rest[(index + 1)...]
            }
        }
        #expect(!text.contains("in 1 s\n") && !text.contains("⠋"), "no countdown, no spinner")
    }

    @Test func aSessionRecordedInTheModeReplaysWithEveryFrameIdentical() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let recording = root.appendingPathComponent("reader.jsonl").path
        let app = try start(["--record", recording])
        try await waitForLine("Type a number and Enter")
        try app.type("2")
        try app.send("Enter")
        try await waitForLine("Synced at")
        try app.type("2")
        try app.send("Enter")
        try await waitForLine("Header picture")
        try app.send("Escape")
        try app.send("q")
        try await waitForLine("Articles: 60 articles stored")
        try app.send("q")
        #expect(try await app.waitForExit().status == 0)
        let cast = root.appendingPathComponent("reader.cast").path
        let replayed = try Spawn.run(
            [BuiltProducts.path("challenge-tui"), "--replay", recording, "--export-cast", cast],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        #expect(replayed.status == 0, "every frame as recorded: \(replayed.output)")
        // Replayed in the mode itself: the transcript again, with no terminal, then the verdict.
        let said = try Spawn.run(
            [BuiltProducts.path("challenge-tui"), "--replay", recording, "--screen-reader"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        #expect(said.status == 0, "\(said.output)")
        let live = try String(contentsOf: transcript, encoding: .utf8)
        for line in ["The article list.", "Retrying now", "Header picture from dummyimage.com", "Esc goes back to the list."]
        where live.contains(line) {
            #expect(said.output.contains(line), "the replay says \(line.debugDescription) as the session did: \(said.output)")
        }
        #expect(said.output.contains("Header picture from dummyimage.com"))
        #expect(!said.output.contains("\u{1B}"))
    }
}
