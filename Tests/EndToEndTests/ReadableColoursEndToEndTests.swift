import Foundation
import Testing

/// Text stays readable on the colours a few-colour terminal really shows, on a dark and on a
/// light background (Docs/configuration.md, "Terminals"): every character the real binary
/// draws, read back from tmux with its colours, has a contrast of at least 2 against what is
/// behind it. With 8 colours dim grey became white on B2's yellow, and cyan sat on a light
/// terminal's white.
@Suite(.timeLimit(.minutes(10))) struct ReadableColoursEndToEndTests {
    static func luminance(_ c: [Int]) -> Double {
        func channel(_ v: Int) -> Double { let x = Double(v) / 255; return x <= 0.039_28 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
        return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])
    }

    /// The characters of `styled` (capture-pane -e) whose colours read too close, as
    /// "character fg/bg" strings; `light` says what the default colours are.
    static func unreadable(_ styled: String, light: Bool) -> [String] {
        let defaultForeground = StyledScreen.ansi[light ? 0 : 7], defaultBackground = StyledScreen.ansi[light ? 15 : 0]
        var found: [String] = []
        for cell in StyledScreen.cells(styled).joined() where cell.character != " " {
            // Box drawing and block elements are lines and areas, not text.
            guard let scalar = cell.character.unicodeScalars.first, !(0x2500...0x259F).contains(scalar.value) else { continue }
            let foreground = cell.foreground ?? defaultForeground, background = cell.background ?? defaultBackground
            let a = luminance(foreground), b = luminance(background)
            if (max(a, b) + 0.05) / (min(a, b) + 0.05) < 2 { found.append("\(cell.character) \(foreground)/\(background)") }
        }
        return found
    }

    @Test(arguments: [("xterm", "15;0", false), ("xterm", "0;15", true), ("xterm-16color", "0;15", true)])
    func everyCharacterReadsAgainstItsBackground(type: String, colorFGBG: String, light: Bool) async throws {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-readable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        var environment = BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        environment["TERM"] = type
        environment["COLORFGBG"] = colorFGBG
        let terminal = try TmuxTerminal(
            // The test runner may set NO_COLOR (when its output is no terminal): not for this one.
            ["env", "-u", "NO_COLOR", BuiltProducts.path("challenge-tui"), "--scenario", "happy"], width: 80, height: 24, environment: environment)
        try await terminal.waitFor("▸ 1  Navigation flow")
        #expect(Self.unreadable(try terminal.screenWithColours(), light: light) == [], "launcher")
        try terminal.send("Enter")
        try await terminal.waitFor("Screen B")
        try terminal.send("n")
        // Once a request's status has its colour (a fresh row is drawn plain at first).
        try await terminal.waitUntil("a coloured status") { _ in
            ((try? terminal.screenWithColours()) ?? "").range(of: "\u{1B}\\[(3|9)[0-7]m200", options: .regularExpression) != nil
        }
        #expect(Self.unreadable(try terminal.screenWithColours(), light: light) == [], "a screen B with the inspector")
        try terminal.send("n", "q")
        try await terminal.waitFor("▸ 1  Navigation flow")
        try terminal.send("2")
        try await terminal.waitFor("Articles · 60 articles")
        #expect(Self.unreadable(try terminal.screenWithColours(), light: light) == [], "the article list")
        try terminal.send("C-c")
        #expect(try await terminal.waitForExit().status == 0)
    }
}
