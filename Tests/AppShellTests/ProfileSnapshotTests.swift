@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The profile screen, headless at 80×24 (and once at 60×20), exactly as drawn.
@Suite(.timeLimit(.minutes(10))) struct ProfileSnapshotTests {
    @Test func loading() async throws {
        let app = try ShellHarness.profile([.profile: .slow(1)])
        // As first drawn: the spinner's first frame.
        expectSnapshot(app.screen, named: "loading")
        #expect(app.profileScreen?.isAnimating == true)
        // The shell redraws at the spinner's rate while loading: the next frame 100 ms on.
        try app.sleepers(atLeast: 1)
        try await app.advance(by: .milliseconds(100))
        #expect(app.lines[11] == "                               ⠙ Loading profile…")
        try await app.advance(by: .milliseconds(900))
        try await app.waitFor("Johnny B")
        #expect(app.profileScreen?.isAnimating == false)
    }

    @Test func loaded() async throws {
        let app = try await ShellHarness.loadedProfile()
        expectSnapshot(app.screen, named: "loaded")
        #expect(app.profileScreen?.isAnimating == false)
        // The cursor is at the end of First Name.
        #expect(app.terminal.cursor == Point(x: 21 + "Johnny B".count, y: 5))
    }

    @Test func editingWithErrors() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"), .tab, .tab, .enter)
        app.fillPasswords(current: "password123", new: "short", confirmation: "shorter")
        app.press(.enter)
        expectSnapshot(app.screen, named: "editingWithErrors")
    }

    @Test func saving() async throws {
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .slow(1)])
        app.press(.ctrl("u"))
        app.type("Grace")
        app.press(.tab, .tab, .enter)
        // Drawn with the key that started it: the spinner's first frame, the fields dimmed.
        expectSnapshot(app.screen, named: "saving")
        #expect(app.profileScreen?.isAnimating == true)
        #expect(app.terminal.canvas.style(at: Point(x: 21, y: 5)).dim, "First Name takes no input while saving")
        try app.sleepers(atLeast: 1)
        try await app.advance(by: .seconds(1))
        try await app.waitFor("✓ Profile saved")
        #expect(app.profileScreen?.isAnimating == false)
    }

    @Test func loadFailed() async throws {
        let app = try ShellHarness.profile([.profile: .failingOnce(.status(500))])
        try await app.waitFor("Press r to try again")
        expectSnapshot(app.screen, named: "loadFailed")
    }

    @Test func wrongCurrentPassword() async throws {
        // The mock's own rule answers it (an injected 403 would name no field).
        let app = try await ShellHarness.loadedProfile()
        app.fillPasswords(current: "not-it-at-all", new: "a-new-password", confirmation: "a-new-password")
        app.press(.enter)
        try await app.waitFor("The current password is wrong")
        expectSnapshot(app.screen, named: "wrongCurrentPassword")
    }

    @Test func profileSaved() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"))
        app.type("Grace")
        app.press(.tab, .ctrl("u"))
        app.type("Hopper")
        app.press(.tab, .enter)
        try await app.waitFor("Profile saved")
        expectSnapshot(app.screen, named: "profileSaved")
    }

    @Test func compactAt60x20() async throws {
        let app = try await ShellHarness.loadedProfile(size: Size(width: 60, height: 20))
        app.press(.ctrl("u"), .tab, .tab, .enter)
        app.fillPasswords(current: "password123", new: "short", confirmation: "shorter")
        app.press(.enter)
        expectSnapshot(app.screen, named: "compactAt60x20")
    }

    // MARK: Colours and attributes

    @Test func theHeaderIsWhiteBoldOn8F1F1FAcrossTheWholeRow() async throws {
        let app = try await ShellHarness.loadedProfile()
        for x in [0, 1, 40, 79] {
            let style = app.terminal.canvas.style(at: Point(x: x, y: 0))
            #expect(style.background == RGB(hex: "#8F1F1F"))
            #expect(style.foreground == .white)
            #expect(style.bold)
        }
        #expect(app.lines[0].hasPrefix(" ‹ Dashboard"))
        #expect(app.lines[0].hasSuffix("User Profile"))
    }

    @Test func passwordFieldsShowOnlyOneBulletPerCharacter() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.fillPasswords(current: "hunter2 secret", new: "café-naïve-pw", confirmation: "q?j k")
        #expect(!app.screen.contains("hunter"))
        #expect(!app.screen.contains("café"))
        #expect(app.lines[13] == "  Current Password   " + String(repeating: "•", count: 14))
        #expect(app.lines[15] == "  New Password       " + String(repeating: "•", count: 13))
        #expect(app.lines[17] == "  Re-enter Password  " + String(repeating: "•", count: 5))
        // Still masked while focused, with the cursor after the last bullet.
        app.press(.backTab)
        #expect(app.lines[17] == "▸ Re-enter Password  •••••")
        #expect(app.terminal.cursor == Point(x: 26, y: 17))
    }

    @Test func errorsAreRedAndBoldAndMarkedSoTheyReadWithoutColour() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"), .tab, .tab, .enter)
        let error = app.terminal.canvas.style(at: Point(x: 23, y: 6))
        #expect(error.foreground == .red)
        #expect(error.bold)
        #expect(app.lines[6].contains("✗ Enter a first name"))
        // The unsaved marker is bold too, and the focused button reversed.
        #expect(app.terminal.canvas.style(at: Point(x: 21, y: 2)).bold)
        #expect(app.terminal.canvas.style(at: Point(x: 2, y: 9)).reverse)
        #expect(!app.terminal.canvas.style(at: Point(x: 2, y: 19)).reverse)
    }

    @Test func successIsGreenAndMarked() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.type("!")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("✓ Profile saved")
        let style = app.terminal.canvas.style(at: Point(x: 20, y: 9))
        #expect(style.foreground == .green)
        #expect(style.bold)
    }

    @Test func theFocusedBackButtonIsReversedInTheHeader() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.up)
        #expect(app.profileScreen?.focus == .back)
        #expect(app.terminal.canvas.style(at: Point(x: 1, y: 0)).reverse)
        #expect(app.terminal.cursor == nil)
        #expect(app.lines[23] == "Tab ↑↓ move · Enter back to the launcher · ? help · q leave · n network")
    }
}
