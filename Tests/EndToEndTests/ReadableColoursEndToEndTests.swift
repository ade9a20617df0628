import Foundation
import Testing

/// Text stays readable on the colours a few-colour terminal really shows, on a dark and on a
/// light background (Docs/configuration.md, "Terminals"): every character the real binary
/// draws, read back from tmux with its colours, has a contrast of at least 2 against what is
/// behind it. With 8 colours dim grey became white on B2's yellow, and cyan sat on a light
/// terminal's white.
@Suite(.timeLimit(.minutes(10))) struct ReadableColoursEndToEndTests {
    /// xterm's 16 colours.
    static let ansi: [(Double, Double, Double)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func luminance(_ c: (Double, Double, Double)) -> Double {
        func channel(_ v: Double) -> Double { let x = v / 255; return x <= 0.039_28 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
        return 0.2126 * channel(c.0) + 0.7152 * channel(c.1) + 0.0722 * channel(c.2)
    }

    /// The characters of `styled` (capture-pane -e) whose colours read too close, as
    /// "character fg/bg" strings; `light` says what the default colours are.
    static func unreadable(_ styled: String, light: Bool) -> [String] {
        let defaultForeground = light ? 0 : 7, defaultBackground = light ? 15 : 0
        var fg: Int?, bg: Int?, reverse = false
        var found: [String] = []
        var scalars = Array(styled.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[" {
                scalars.removeFirst()
                var parameters = ""
                while let next = scalars.popFirst(), next != "m" { parameters.unicodeScalars.append(next) }
                var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
                while let code = codes.popFirst() {
                    switch code {
                    case 0: (fg, bg, reverse) = (nil, nil, false)
                    case 7: reverse = true
                    case 27: reverse = false
                    case 30...37: fg = code - 30
                    case 90...97: fg = code - 82
                    case 39: fg = nil
                    case 40...47: bg = code - 40
                    case 100...107: bg = code - 92
                    case 49: bg = nil
                    case 38, 48: // 256 or direct colours: not in this test's terminals
                        found.append("unexpected colour \(parameters)")
                    default: break
                    }
                }
                continue
            }
            guard scalar.value > 0x20, !(0x2500...0x259F).contains(scalar.value) else { continue }
            var shownForeground = fg ?? defaultForeground, shownBackground = bg ?? defaultBackground
            if reverse { swap(&shownForeground, &shownBackground) }
            let a = luminance(ansi[shownForeground]), b = luminance(ansi[shownBackground])
            if (max(a, b) + 0.05) / (min(a, b) + 0.05) < 2 { found.append("\(scalar) \(shownForeground)/\(shownBackground)") }
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
