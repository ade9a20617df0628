import Foundation
import Testing

/// The navigation flow in the real binary on a pseudo-terminal, with the mock backend's happy
/// scenario: A → B1 → pick → C1, then a second run on the same data resumes on C1 and goes
/// on to D, and a third stays on D.
@Suite(.serialized, .timeLimit(.minutes(10))) struct NavigationEndToEndTests {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-nav-e2e-\(UUID().uuidString)")
    private var dataDir: URL { root.appendingPathComponent("data") }
    /// `$XDG_CONFIG_HOME/challenge-tui` of `BuiltProducts.isolatedEnvironment`.
    private var configDir: URL { dataDir.appendingPathComponent("config/challenge-tui") }

    /// The package's `happy` scenario (short delays, everything succeeds) with the experiment
    /// fixed to screenB1, so the path is A → B1 → C1 → D every time, in two variants that keep
    /// C1 on screen long enough to be seen on a loaded machine: `happy-b1-no-login` (sign-in
    /// never ends: C1 stays) and `happy-b1` (sign-in takes 8 s: C1, then D by itself). They live
    /// in the user's scenario folder of the test's own configuration home.
    private func writeScenario() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let happy = try Data(contentsOf: package.appendingPathComponent("Config/scenarios/happy.json"))
        var scenario = try #require(try JSONSerialization.jsonObject(with: happy) as? [String: Any])
        scenario["experiment"] = "screenB1"
        let scenarios = configDir.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
        for (name, loginDelay) in [("happy-b1-no-login", 3600), ("happy-b1", 8)] {
            scenario["endpoints"] = ["rLogin": ["delay": loginDelay, "outcome": "succeed"]]
            try JSONSerialization.data(withJSONObject: scenario).write(to: scenarios.appendingPathComponent("\(name).json"))
        }
    }

    private func launch(scenario: String = "happy-b1") throws -> TmuxTerminal {
        let environment = BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        return try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--challenge", "navigation", "--scenario", scenario],
            environment: environment)
    }

    private func quit(_ terminal: TmuxTerminal) async throws {
        try terminal.send("q")
        try await terminal.waitFor("▸ 1  Navigation flow")
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func aFirstRunGoesFromAToC1AndTheNextRunsResume() async throws {
        try writeScenario()
        defer { try? FileManager.default.removeItem(at: root) }

        // First run: a first-time user, A fetches and moves on to B1 by itself.
        let first = try launch(scenario: "happy-b1-no-login")
        let b1 = try await first.waitFor("Screen B1")
        #expect(b1.contains { $0.contains("mock backend (scenario happy-b1-no-login)") })
        try first.send("Down")
        try first.send("Down")
        try await first.waitFor("› Choice C")
        try first.send("Enter")
        let c1 = try await first.waitFor("Screen C1")
        #expect(c1.contains { $0.contains(" ‹ Back ") })
        try await first.waitFor("│ Choice C")
        try await quit(first)  // leave on C1: not signed in, so it stays

        // Second run, same data: back on C1 with the choice, then on to D once signed in.
        let second = try launch()
        try await second.waitFor("Screen C1")
        try await second.waitFor("│ Choice C")
        let d = try await second.waitFor("Screen D", timeout: .seconds(20))
        #expect(d.contains { $0.contains("████████") }, "the check mark")
        #expect(!d.contains { $0.contains("[ < ]") })
        try await quit(second)

        // Third run: D stays D.
        let third = try launch()
        try await third.waitFor("Screen D")
        try await quit(third)
    }
}
