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

    @Test func launcherAppearsMovesAndQuitsWithExitZeroAndTheTerminalRestored() throws {
        let terminal = try launch()
        let screen = try terminal.waitFor("Navigation flow")
        #expect(screen.contains { $0.contains("Articles") })
        #expect(screen.contains { $0.contains("Profile") })
        #expect(screen.contains { $0.contains("mock") })
        try terminal.send("Down")
        try terminal.waitUntil("the highlight on Articles") { _ in true }
        try terminal.send("q")
        let (status, stty) = try terminal.waitForExit()
        #expect(status == 0)
        expectRestored(stty)
    }

    @Test func helpOverlayOpensAndCloses() throws {
        let terminal = try launch()
        try terminal.waitFor("Navigation flow")
        try terminal.send("?")
        try terminal.waitFor("Keys")
        try terminal.send("Escape")
        try terminal.waitUntil("help closed") { !$0.contains { $0.contains("Keys") } }
        try terminal.send("C-c")
        #expect(try terminal.waitForExit().status == 0)
    }

    @Test func sigtermEndsCleanlyAndRestoresTheTerminal() throws {
        let terminal = try launch()
        try terminal.waitFor("Navigation flow")
        kill(try terminal.programPID(), SIGTERM)
        let (status, stty) = try terminal.waitForExit()
        #expect(status == 0)
        expectRestored(stty)
    }

    @Test func tooSmallTerminalSaysSoAndRecoversWhenItGrows() throws {
        let terminal = try launch(width: 50, height: 15)
        try terminal.waitFor("Terminal too small: need 60x20, have 50x15")
        try terminal.resize(width: 80, height: 24)
        try terminal.waitFor("Navigation flow")
        try terminal.send("q")
        #expect(try terminal.waitForExit().status == 0)
    }

    @Test func badArgumentsExitTwoWithUsageBeforeTouchingTheTerminal() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.path("challenge-tui"))
        process.arguments = ["--challenge", "chess"]
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.contains("unknown challenge 'chess'"))
        #expect(text.contains("usage: challenge-tui"))
    }
}
