import Foundation
import Testing

/// The real `challenge-tui` binary on a pseudo-terminal: the profile challenge on the mock
/// backend's `happy` scenario (short real delays, every request succeeds).
@Suite(.serialized, .timeLimit(.minutes(10))) struct ProfileEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")

    @Test func editAFirstNameSaveItGoBackAndQuit() async throws {
        let terminal = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--scenario", "happy", "--challenge", "profile"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let loaded = try await terminal.waitFor("Johnny B")
        #expect(loaded[0].contains("‹ Dashboard"))
        #expect(loaded[0].contains("User Profile"))

        // No field has the keys at first (Docs/keys.md, "Forms"): Tab goes into First Name;
        // clear it, type a new name, Tab twice to SAVE CHANGES.
        try terminal.send("Tab")
        try terminal.send("C-u")
        try terminal.type("Grace")
        try await terminal.waitFor("● unsaved")
        try terminal.send("Tab")
        try terminal.send("Tab")
        try await terminal.waitFor("▸ [ SAVE CHANGES ]")
        try terminal.send("Enter")
        let saved = try await terminal.waitFor("Profile saved")
        #expect(saved.contains { $0.contains("First Name") && $0.contains("Grace") })
        #expect(!saved.contains { $0.contains("● unsaved") })

        // Esc goes back to the launcher (nothing unsaved: no question), q quits.
        try terminal.send("Escape")
        try await terminal.waitFor("▸ 3  Profile")
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }
}
