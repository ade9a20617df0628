import Foundation
import Testing

/// The real `challenge-tui` binary on a pseudo-terminal: what a person sees and types.
@Suite(.serialized) struct LauncherEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")

    private func launch(_ arguments: [String] = [], width: Int = 80, height: Int = 24) throws -> TmuxTerminal {
        try TmuxTerminal(
            [BuiltProducts.path("challenge-tui")] + arguments, width: width, height: height,
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        )
    }

    /// Canonical mode and echo are what a shell needs back after a full-screen program.
    private func expectRestored(_ stty: String) {
        #expect(stty.contains(" icanon"), "canonical mode restored")
        #expect(stty.contains(" echo "), "echo restored")
    }

    @Test func launcherAppearsMovesAndQuitsWithExitZeroAndTheTerminalRestored() async throws {
        let terminal = try launch()
        let screen = try await terminal.waitFor("Navigation flow")
        #expect(screen.contains { $0.contains("Articles") })
        #expect(screen.contains { $0.contains("Profile") })
        #expect(screen.contains { $0.contains("mock") })
        try terminal.send("Down")
        try await terminal.waitFor("▸ 2  Articles")
        try terminal.send("q")
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 0)
        expectRestored(stty)
    }

    @Test func helpOverlayOpensAndCloses() async throws {
        let terminal = try launch()
        try await terminal.waitFor("Navigation flow")
        try terminal.send("?")
        try await terminal.waitFor("Keys")
        try terminal.send("Escape")
        try await terminal.waitUntil("help closed") { !$0.contains { $0.contains("Keys") } }
        try terminal.send("C-c")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func sigtermEndsCleanlyAndRestoresTheTerminal() async throws {
        let terminal = try launch()
        try await terminal.waitFor("Navigation flow")
        kill(try terminal.programPID(), SIGTERM)
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 0)
        expectRestored(stty)
    }

    @Test func tooSmallTerminalSaysSoAndRecoversWhenItGrows() async throws {
        let terminal = try launch(width: 50, height: 15)
        try await terminal.waitFor("Terminal too small: need 60x20, have 50x15")
        try terminal.resize(width: 80, height: 24)
        try await terminal.waitFor("Navigation flow")
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func badArgumentsExitTwoWithUsageBeforeTouchingTheTerminal() async throws {
        let (status, text) = try Spawn.run([BuiltProducts.path("challenge-tui"), "--challenge", "chess"])
        #expect(status == 2)
        #expect(text.contains("unknown challenge 'chess'"))
        #expect(text.contains("usage: challenge-tui"))
    }
}
