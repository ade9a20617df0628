import Foundation
import Testing

/// The real binary under tmux on direct-colour terminal types: the navigation flow's screen
/// colours, read back from tmux (`capture-pane -e`), are the theme's exact RGB, never palette
/// numbers taken for RGB (Docs/images.md, "True colour").
@Suite(.serialized, .timeLimit(.minutes(10))) struct DirectColourEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-colour-e2e-\(UUID().uuidString)")

    /// The flow's text colour and its screens' backgrounds (NavigationPalette).
    static let text = "38;2;28;28;28"
    static let backgrounds = [
        "151;208;119", "255;255;204", "255;255;102", "204;204;0", "255;204;255", "255;51;255", "212;225;245",
    ].map { "48;2;" + $0 }

    private func colours(term: String, colorterm: String) async throws -> String {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        var environment = BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        environment["TERM"] = term
        environment["COLORTERM"] = colorterm
        environment["NO_COLOR"] = "" // whatever the test run has: empty doesn't count
        let terminal = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--challenge", "navigation", "--scenario", "happy"], environment: environment)
        // Screen A is uncoloured; the B screens after it have the diagram's colours.
        try await terminal.waitUntil("a B screen") { $0.contains { $0.contains("Screen B") } }
        let screen = try terminal.screenWithColours()
        try terminal.send("C-c")
        _ = try await terminal.waitForExit()
        return screen
    }

    @Test(arguments: [("xterm-direct", ""), ("tmux-direct", ""), ("xterm-256color", "truecolor"), ("tmux-256color", "24bit")])
    func theScreensColoursAreTheThemesExactRGB(term: String, colorterm: String) async throws {
        let screen = try await colours(term: term, colorterm: colorterm)
        #expect(screen.contains(Self.text), "\(term): \(screen.prefix(400))")
        #expect(Self.backgrounds.contains { screen.contains($0) }, "\(term): \(screen.prefix(400))")
        #expect(!screen.contains("38;5;") && !screen.contains("48;5;"))
    }

    @Test func aPaletteTypeWithoutTrueColourStillGetsPaletteColours() async throws {
        let screen = try await colours(term: "xterm-256color", colorterm: "")
        #expect(!screen.contains(Self.text))
        #expect(screen.contains("48;5;"))
    }
}
