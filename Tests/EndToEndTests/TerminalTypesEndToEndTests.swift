import Foundation
import Testing

/// The real binary under each kind of terminal a user has (Docs/configuration.md, "Terminals"):
/// tmux runs it with `TERM` set to each entry, as a terminal emulator would be set up, and the
/// test checks by effect: every challenge's first screens show, the keys of vt220, rxvt and the
/// Linux console do what their names say whatever `TERM` names (never the characters in them),
/// no raw escape text is left on screen, and the terminal is given back.
@Suite(.timeLimit(.minutes(20))) struct TerminalTypesEndToEndTests {
    static let types = [
        "xterm-256color", "xterm", "xterm-16color", "xterm-direct", "tmux-direct", "screen-256color", "linux", "vt100",
        "vt220", "xterm-mono", "rxvt-unicode-256color",
    ]

    private func launch(_ type: String, _ arguments: [String] = [], width: Int = 80) throws -> (TmuxTerminal, URL) {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-term-\(UUID().uuidString)")
        var environment = BuiltProducts.isolatedEnvironment(dataDir: dataDir)
        environment["TERM"] = type
        let terminal = try TmuxTerminal(
            // In colour where the type has it, even when the test runner sets NO_COLOR.
            ["env", "-u", "NO_COLOR", BuiltProducts.path("challenge-tui"), "--scenario", "happy"] + arguments, width: width, height: 24,
            environment: environment)
        return (terminal, dataDir)
    }

    /// What an escape sequence leaves on screen when a terminal shows it as text.
    private func rawEscapeText(_ screen: [String]) -> String? {
        screen.first { row in ["^[", "\u{1B}", "[1~", "[4~", "[11~", "[[A", "[7~", "[2$", "38;", "48;"].contains { row.contains($0) } }
    }

    /// How a type's colours come back from tmux (`capture-pane -e`).
    enum ColourKind: Equatable { case rgb, palette256, basic, none }

    static func expectedKind(_ type: String) -> ColourKind {
        switch type {
        case _ where type.hasSuffix("-direct"): .rgb
        case _ where type.hasSuffix("-256color"): .palette256
        case "xterm", "xterm-16color", "linux": .basic
        default: .none
        }
    }

    /// The kinds of colour the SGR sequences of `styled` set (the defaults, 39 and 49, aside).
    static func kinds(_ styled: String) -> Set<ColourKind> {
        var found: Set<ColourKind> = []
        for match in styled.matches(of: /\x1B\[([0-9;:]*)m/) {
            var codes = match.1.split(separator: ";").map(String.init)[...]
            while let code = codes.popFirst() {
                switch code {
                case "38", "48":
                    let form = codes.popFirst()
                    found.insert(form == "2" ? .rgb : .palette256)
                    codes = codes.dropFirst(form == "2" ? 3 : 1)
                case _ where code.hasPrefix("38:2") || code.hasPrefix("48:2"): found.insert(.rgb)
                case _ where code.count == 2 && (code.hasPrefix("3") || code.hasPrefix("4") || code.hasPrefix("9")) && !code.hasSuffix("9"):
                    found.insert(.basic)
                case _ where code.count == 3 && code.hasPrefix("10"): found.insert(.basic)
                default: break
                }
            }
        }
        return found
    }

    /// The share of the list's thumbnail cells (columns 2…5) that stand out from the dark
    /// terminal's black: a half with a channel of 48 or more (Docs/images.md, "What each colour
    /// mode shows"); or, without colour, a shade that isn't blank.
    static func visibleThumbnailShare(_ styled: String) -> Double {
        var total = 0, visible = 0
        for row in StyledScreen.cells(styled).dropFirst(2).dropLast(2) where row.count > 6 {
            for cell in row[2..<6] {
                guard "▀░▒▓█".contains(cell.character) else { continue }
                total += 1
                let halves = [cell.foreground, cell.background].compactMap { $0 }
                let standsOut = cell.character != "▀" || halves.contains(where: { ($0.max() ?? 0) >= 48 })
                if standsOut { visible += 1 }
            }
        }
        return total == 0 ? 0 : Double(visible) / Double(total)
    }

    @Test(arguments: types)
    func everyChallengeShowsAndKeysAreKeys(type: String) async throws {
        let (terminal, dataDir) = try launch(type)
        defer { try? FileManager.default.removeItem(at: dataDir) }
        try await terminal.waitFor("▸ 1  Navigation flow")
        // The colours are those the type has: exact RGB, the 256 palette, the 8 or 16, or none.
        let expected = Self.expectedKind(type)
        try terminal.send("Enter")
        try await terminal.waitUntil("a screen of the flow") { $0.contains { $0.hasPrefix(" Screen ") } }
        let kinds = Self.kinds(try terminal.screenWithColours())
        #expect(kinds == (expected == .none ? [] : [expected]), "\(type): \(kinds)")
        try terminal.send("q")
        try await terminal.waitFor("▸ 1  Navigation flow")
        // Home, End, PgDn and F1 in the forms ncurses may not know for this entry: each one key.
        for sequence in ["\u{1B}[1~", "\u{1B}[4~", "\u{1B}[7~", "\u{1B}[8~", "\u{1B}[6~", "\u{1B}[1;5A", "\u{1B}[2$"] {
            try terminal.sendBytes(Array(sequence.utf8))
        }
        // End went to the last challenge, Home back to the first, Ctrl-↑ up (stays): no challenge opened.
        try terminal.sendBytes(Array("\u{1B}[4~".utf8))
        try await terminal.waitFor("▸ 3  Profile")
        try terminal.sendBytes(Array("\u{1B}[1~".utf8))
        var screen = try await terminal.waitFor("▸ 1  Navigation flow")
        #expect(!screen.contains { $0.contains("Screen A") })
        // The Linux console's F1 opens help; vt220's F1 too.
        for f1 in ["\u{1B}[[A", "\u{1B}[11~"] {
            try terminal.sendBytes(Array(f1.utf8))
            try await terminal.waitFor("╭─ Help")
            try terminal.send("Escape")
            try await terminal.waitUntil("help closed") { !$0.contains { $0.contains("╭─ Help") } }
        }

        // The navigation flow's first screens.
        try terminal.send("Enter")
        // Screen A or, once the happy sign-in is through, B.
        screen = try await terminal.waitUntil("a screen of the flow") { $0.contains { $0.hasPrefix(" Screen ") } }
        #expect(rawEscapeText(screen) == nil, "\(type): \(screen.joined(separator: "\n"))")
        try terminal.send("q")
        try await terminal.waitFor("▸ 1  Navigation flow")

        // The articles list, then an article and back.
        try terminal.send("2")
        screen = try await terminal.waitFor("Articles · 60 articles")
        #expect(rawEscapeText(screen) == nil, "\(type): \(screen.joined(separator: "\n"))")
        // The thumbnails, once drawn from their pictures, stand out in every colour mode.
        try await terminal.waitUntil("the thumbnails drawn") { lines in
            let thumbnails = lines.dropFirst(2).map { String(Array($0).dropFirst(2).prefix(4)) }
            return expected == .none ? thumbnails.contains { $0.contains { "░▒▓".contains($0) } }
                : thumbnails.contains { $0.contains("▀") } && !thumbnails.contains { $0.contains("█") || $0.contains("┌") }
        }
        let share = Self.visibleThumbnailShare(try terminal.screenWithColours())
        #expect(share >= 0.75, "\(type): \(share) of the thumbnail cells stand out")
        try terminal.send("Enter")
        try await terminal.waitFor("‹ Back")
        // End on an article page scrolls its text; it never leaves the page.
        try terminal.sendBytes(Array("\u{1B}[4~".utf8))
        try terminal.sendBytes(Array("\u{1B}[8~".utf8))
        try terminal.send("Left")
        try await terminal.waitFor("Articles · 60 articles")
        try terminal.send("q")
        try await terminal.waitFor("▸ 2  Articles")

        // The profile: End in a field moves in the field; it never leaves the profile.
        try terminal.send("3")
        try await terminal.waitFor("Johnny B")
        try terminal.send("Tab")
        try terminal.sendBytes(Array("\u{1B}[4~".utf8))
        try terminal.sendBytes(Array("\u{1B}[F".utf8))
        try terminal.sendBytes(Array("\u{1B}[1~".utf8))
        try terminal.type("X")
        screen = try await terminal.waitFor("● unsaved")
        #expect(rawEscapeText(screen) == nil, "\(type): \(screen.joined(separator: "\n"))")
        try terminal.send("C-c")
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 0, "\(type)")
        #expect(stty.contains(" echo ") || stty.contains(" echo\n") || stty.hasPrefix("echo"), "\(type): \(stty)")
    }

    /// Ctrl-L draws every cell afresh: text another program wrote over the screen (a server
    /// started with `&` in the same terminal) is wiped, and the app's frame is whole again.
    @Test func ctrlLWipesWhatAnotherProgramWrote() async throws {
        let (terminal, dataDir) = try launch("xterm-256color")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        try await terminal.waitFor("▸ 1  Navigation flow")
        try terminal.writeToPane("\u{1B}[5;3HGET /rLogin 200 SCRIBBLE\n\u{1B}[12;1HSCRIBBLE again")
        try await terminal.waitFor("SCRIBBLE again")
        try terminal.send("C-l")
        let screen = try await terminal.waitUntil("the scribbles wiped") { !$0.contains { $0.contains("SCRIBBLE") } }
        #expect(screen.contains { $0.contains("▸ 1  Navigation flow") })
        #expect(screen.contains { $0.contains("Mobile coding challenges") })
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
    }

    /// vt100 can't hide the cursor: it is parked in the bottom-right cell while no field has
    /// the keys, never left after the last cell written; on a field it is on the field.
    @Test func vt100sCursorIsParkedWhereItHarmsNothing() async throws {
        let (terminal, dataDir) = try launch("vt100")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        try await terminal.waitFor("▸ 1  Navigation flow")
        try terminal.send("Down")
        try await terminal.waitFor("▸ 2  Articles")
        try await terminal.waitUntil("the cursor parked") { _ in
            guard let cursor = try? terminal.cursor() else { return false }
            return cursor.x == 79 && cursor.y == 23
        }
        try terminal.send("3")
        try await terminal.waitFor("Johnny B")
        try terminal.send("Tab")
        try await terminal.waitFor("Enter next")
        let cursor = try terminal.cursor()
        let screen = try terminal.screen()
        #expect(screen[cursor.y].contains("Johnny"), "the cursor is in the First Name field: \(cursor)")
        try terminal.send("C-c")
        #expect(try await terminal.waitForExit().status == 0)
    }
}
