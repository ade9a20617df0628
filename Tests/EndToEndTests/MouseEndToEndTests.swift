import Foundation
import Testing

/// The real `challenge-tui` binary in tmux with xterm's SGR mouse reports and bracketed pastes
/// sent as raw bytes, and the terminal left with the mouse off however the program ends (tmux's
/// `mouse_any_flag` and `mouse_sgr_flag` say what the program in the pane left switched on).
/// See Docs/mouse-and-paste.md.
@Suite(.serialized, .timeLimit(.minutes(10))) struct MouseEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")

    private func launch(_ arguments: [String] = [], width: Int = 80, height: Int = 24) throws -> TmuxTerminal {
        try TmuxTerminal(
            [BuiltProducts.path("challenge-tui")] + arguments, width: width, height: height,
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
    }

    private func expectMouseOn(_ terminal: TmuxTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try terminal.paneFlag("mouse_any_flag") == "1", sourceLocation: sourceLocation)
        #expect(try terminal.paneFlag("mouse_sgr_flag") == "1", sourceLocation: sourceLocation)
    }

    private func expectMouseOff(_ terminal: TmuxTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try terminal.paneFlag("mouse_any_flag") == "0", sourceLocation: sourceLocation)
        #expect(try terminal.paneFlag("mouse_sgr_flag") == "0", sourceLocation: sourceLocation)
        #expect(try terminal.paneFlag("mouse_standard_flag") == "0", sourceLocation: sourceLocation)
    }

    @Test func clicksTheWheelAndPastesDriveTheAppAndQLeavesTheMouseOff() async throws {
        let terminal = try launch(["--scenario", "happy"])
        defer { try? FileManager.default.removeItem(at: dataDir) }
        try await terminal.waitFor("Navigation flow")
        try expectMouseOn(terminal)

        // The wheel moves the launcher's selection; a click opens a challenge.
        try terminal.wheel(up: false, x: 10, y: 4)
        try await terminal.waitFor("▸ 2  Articles")
        try terminal.click("Profile")
        try await terminal.waitFor("Johnny B")

        // Tab goes into First Name. A bracketed paste (raw bytes) goes in whole, on one line: its
        // newline a space, its q and n typed, not pressed.
        try terminal.send("Tab")
        try terminal.send("C-u")
        try terminal.sendBytes(Array("\u{1B}[200~Gr\nq?n\u{1B}[201~".utf8))
        var screen = try await terminal.waitFor("First Name         Gr q?n")
        #expect(screen[0].contains("User Profile"))
        #expect(!screen.contains { $0.contains("╭─ Help") || $0.contains("Network ·") })
        // tmux's own paste, bracketed only because the app asked for it: one edit again.
        try terminal.pasteBuffer(" Hopper\nx")
        screen = try await terminal.waitFor("First Name         Gr q?n Hopper x")
        #expect(screen.contains { $0.contains("● unsaved") })

        // SAVE CHANGES is a button; so is ‹ Dashboard.
        try terminal.click("[ SAVE CHANGES ]", offset: 15)
        try await terminal.waitFor("Profile saved")
        try terminal.click("‹ Dashboard")
        try await terminal.waitFor("▸ 3  Profile")
        // A click on nothing clickable does nothing.
        try terminal.click(x: 79, y: 10)
        try terminal.click("Mock backend")
        try terminal.send("q")
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 0)
        #expect(stty.contains(" icanon") && stty.contains(" echo "))
        try expectMouseOff(terminal)
    }

    @Test func theKeyBarIsClickableAndCtrlCLeavesTheMouseOff() async throws {
        let terminal = try launch()
        try await terminal.waitFor("Navigation flow")
        try terminal.click("? help")
        try await terminal.waitFor("Esc close help")
        try terminal.click(x: 5, y: 5) // anywhere: help closes, nothing under it opens
        try await terminal.waitFor("? help")
        #expect(try terminal.screen().contains { $0.contains("▸ 1  Navigation flow") })
        try terminal.send("C-c")
        #expect(try await terminal.waitForExit().status == 0)
        try expectMouseOff(terminal)
    }

    @Test func sigtermLeavesTheMouseOff() async throws {
        let terminal = try launch(["--challenge", "articles"])
        try await terminal.waitFor("Articles ·")
        try expectMouseOn(terminal)
        kill(try terminal.programPID(), SIGTERM)
        let (status, stty) = try await terminal.waitForExit()
        #expect(status == 0)
        #expect(stty.contains(" icanon"))
        try expectMouseOff(terminal)
    }

    @Test func aClickBeyondColumn223WorksOnAWideTerminal() async throws {
        let terminal = try launch(width: 250, height: 30)
        try await terminal.waitFor("Navigation flow")
        // The second challenge's row spans the width; X10 reports could not name column 240.
        let row = try #require(try terminal.screen().firstIndex { $0.contains("2  Articles") })
        try terminal.click(x: 240, y: row)
        try await terminal.waitFor("Articles ·")
        try terminal.send("C-c")
        #expect(try await terminal.waitForExit().status == 0)
    }

    @Test func noMouseLeavesClicksToTheTerminal() async throws {
        let terminal = try launch(["--no-mouse"])
        try await terminal.waitFor("Navigation flow")
        try expectMouseOff(terminal)
        try terminal.send("q")
        #expect(try await terminal.waitForExit().status == 0)
        try expectMouseOff(terminal)
    }
}
