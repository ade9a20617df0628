@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// A toast is part of the screen that raised it: drawn on that screen's last row while it is on
/// top, gone when it is left or covered; it never covers another screen's status line or rows.
/// The shell's own notice takes a row of its own (Docs/keys.md, "Toasts and notices").
@Suite(.timeLimit(.minutes(10))) struct ToastTests {
    /// The launcher's `x` with nothing kept says so in a toast.
    static let afresh = "Navigation flow: nothing to forget"

    @Test func theLaunchersToastGoesWithTheLauncherAndNeverCoversTheFlowsStatusLine() async throws {
        let app = try ShellHarness(scenario: FlowScenario.make(.screenB2))
        app.press(.char("x"))
        #expect(app.lines[22].contains(Self.afresh), "on the launcher's own last row")
        app.press(.enter)
        try await app.waitForScreen(.b2)
        #expect(!app.contains(Self.afresh), "the flow is another screen")
        #expect(app.lines[22].hasPrefix(" Signed in · mock backend"), "its status line is whole")
        app.press(.char("q"))
        try await app.settle()
        #expect(!app.contains(Self.afresh), "left with the launcher: not shown again on coming back")
        #expect(app.lines[22].hasPrefix("╰─"))
    }

    @Test func theLaunchersToastNeverCoversTheArticlesOrTheProfile() async throws {
        for (digit, lastRowText) in [("2", "Articles ·"), ("3", "User Profile")] {
            let app = try ShellHarness()
            app.press(.char("x"), .char(Character(digit)))
            try await app.waitFor(lastRowText)
            #expect(!app.contains(Self.afresh), "challenge \(digit)")
        }
    }

    @Test func theToastExpiresOnItsScreen() async throws {
        let app = try ShellHarness()
        app.press(.char("x"))
        try await app.advance(by: .seconds(2))
        #expect(app.contains(Self.afresh))
        try await app.advance(by: .seconds(1))
        #expect(!app.contains(Self.afresh))
    }

    @Test func theToastStaysWithinTheScreenBesideTheInspector() async throws {
        let app = try ShellHarness()
        app.press(.char("n"), .escape, .char("x"))
        #expect(app.lines[14].contains(Self.afresh), "the launcher's last row, above the inspector")
        #expect(app.lines[15].contains("Network ·"))
    }

    @Test func theShellsNoticeTakesARowOfItsOwnAboveTheKeyBar() async throws {
        var options = LaunchOptions()
        options.challenge = .navigation
        let app = try ShellHarness(
            options: options, scenario: FlowScenario.make(.screenB2), storeProblem: .key("key file is readable by others"))
        try await app.waitFor("Nothing will be kept")
        try await app.waitForScreen(.b2)
        #expect(app.lines[22].contains("Nothing will be kept: Encryption key problem: key file is readable by others"))
        #expect(app.lines[21].hasPrefix(" Signed in · mock backend"), "the flow's status line moved up, whole")
        try await app.advance(by: .seconds(6))
        #expect(!app.contains("Nothing will be kept"))
        #expect(app.lines[22].hasPrefix(" Signed in · mock backend"), "the flow has its rows back")
    }
}

/// "Discard unsaved changes?": No has the focus; Tab, ← and → move it, Enter presses the focused
/// button, y and n press theirs (Docs/keys.md, "Overlays").
@Suite(.timeLimit(.minutes(10))) struct LeaveDialogTests {
    private func askingToLeave() async throws -> ShellHarness {
        let app = try await ShellHarness.loadedProfile()
        app.type("!")
        app.press(.escape, .escape)
        #expect(app.shell.pendingLeave?.focus == .no)
        return app
    }

    private func isFocused(_ app: ShellHarness, _ label: String) throws -> Bool {
        let point = try #require(app.point(of: "[ \(label) ]"))
        return app.terminal.canvas.style(at: point.offsetBy(dx: 2)).reverse
    }

    @Test func enterPressesNoAtFirst() async throws {
        let app = try await askingToLeave()
        #expect(try isFocused(app, "No (n)") && !isFocused(app, "Yes (y)"))
        app.press(.enter)
        #expect(app.shell.pendingLeave == nil && app.profileScreen != nil)
        #expect(app.contains("Johnny B!"))
    }

    @Test func tabAndTheArrowsMoveTheFocusAndEnterPressesIt() async throws {
        for move in [Key.tab, .left, .right, .backTab] {
            let app = try await askingToLeave()
            app.press(move)
            #expect(app.shell.pendingLeave?.focus == .yes, "\(move)")
            #expect(try isFocused(app, "Yes (y)") && !isFocused(app, "No (n)"), "\(move)")
            app.press(move)
            #expect(app.shell.pendingLeave?.focus == .no, "\(move) again")
            app.press(move, .enter)
            #expect(app.stackDepth == 1, "Enter on Yes leaves (\(move))")
        }
    }

    @Test func otherKeysDoNothingThere() async throws {
        let app = try await askingToLeave()
        app.press(.char("a"), .down, .char("f"))
        #expect(app.shell.pendingLeave?.focus == .no)
        #expect(!app.shell.isShowingHelp && app.shell.faultPanel == nil && app.profileScreen != nil)
    }

    @Test func helpThereListsItsKeys() async throws {
        let app = try await askingToLeave()
        app.press(.char("?"))
        #expect(app.contains("Leave dialog"))
        #expect(app.contains("move between Yes and No"))
        #expect(app.contains("leave, dropping the unsaved changes"))
        #expect(!app.contains("Everywhere"), "nothing else works there")
        app.press(.escape)
        #expect(app.shell.pendingLeave != nil && !app.shell.isShowingHelp, "back to the question")
    }

    @Test func yAndNPressTheirButtonsWhateverHasTheFocus() async throws {
        let yes = try await askingToLeave()
        yes.press(.tab, .char("n"))
        #expect(yes.profileScreen != nil && yes.shell.pendingLeave == nil)
        let no = try await askingToLeave()
        no.press(.char("y"))
        #expect(no.stackDepth == 1)
    }

    @Test func itsKeyBarSaysHowToMoveAndItsArrowsAreButtons() async throws {
        let app = try await askingToLeave()
        #expect(app.lines[23] == "Tab ←→ move · Enter press · y yes · n no")
        try app.click("←", offset: 0)
        #expect(app.shell.pendingLeave?.focus == .yes, "the key bar's ← is a button")
    }
}
