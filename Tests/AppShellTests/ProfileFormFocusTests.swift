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

/// The form's rule (Docs/keys.md, "Forms"): no field takes the keys until the user moves into
/// one, Esc leaves a field before it leaves the screen, and a terminal that is too small changes
/// none of that.
@Suite(.timeLimit(.minutes(10))) struct ProfileFormFocusTests {
    @Test func theFormOpensWithNoFieldTakingTheKeysSoTheLiveToolsWorkAtOnce() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        #expect(app.profileScreen?.focus == .outside)
        #expect(app.profileScreen?.capturesText == false)
        #expect(app.lines[23].contains("n network"), "the shell's keys are on the bar")
        app.press(.char("n"))
        #expect(app.shell.isShowingInspector)
        app.press(.escape)
        #expect(app.shell.isShowingInspector && !app.shell.inspectorHasFocus, "Esc gave the keys back")
        app.press(.char("f"))
        #expect(app.shell.faultPanel != nil)
        app.press(.char("f"))
        app.press(.char("t"))
        #expect(app.shell.timeline != nil)
        app.press(.escape)
        app.press(.char("?"))
        #expect(app.shell.isShowingHelp)
        app.press(.escape)
        #expect(app.profileScreen?.state.hasUnsavedChanges == false, "nothing was typed into a name")
        #expect(app.shell.pendingLeave == nil)
        #expect(app.stackDepth == 2, "still on the profile")
    }

    @Test(arguments: [Key.tab, .down, .enter, .char("j")])
    func aDeliberateMoveGoesIntoFirstName(_ key: Key) async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        app.press(key)
        #expect(app.profileScreen?.focus == .field(.firstName))
        app.type("q")
        #expect(app.profileScreen?.state.displayText(of: .firstName).hasSuffix("q") == true, "now q is typed")
    }

    @Test func shiftTabAndUpFromOutsideReachTheBackButton() async throws {
        for key in [Key.backTab, .up] {
            let app = try await ShellHarness.loadedProfile(entering: false)
            app.press(key)
            #expect(app.profileScreen?.focus == .back)
        }
    }

    @Test func escInAFieldLeavesTheFieldKeepingTheEditsAndTheNextEscAsks() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        app.focus(.field(.lastName))
        app.type("x")
        app.press(.escape)
        #expect(app.profileScreen?.focus == .outside)
        #expect(app.profileScreen?.state.displayText(of: .lastName).hasSuffix("x") == true)
        #expect(app.lines[23].contains("q leave"), "the shell's keys are back on the bar")
        app.press(.escape)
        #expect(app.shell.pendingLeave != nil, "unsaved changes: asked before leaving")
    }

    @Test func theBarSaysEscLeavesTheFieldWhileInOne() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        app.press(.tab)
        #expect(app.lines[23].contains("Esc leave field"))
    }

    // MARK: A terminal too small

    @Test func qInAFieldIsTypedWhileTheTerminalIsTooSmall() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        app.press(.tab)
        app.resize(to: Size(width: 50, height: 15))
        #expect(app.contains("Terminal too small"))
        #expect(app.contains("Ctrl-C to quit"))
        #expect(app.press(.char("q")) == nil, "q did not quit")
        app.resize(to: Size(width: 80, height: 24))
        #expect(app.profileScreen?.state.displayText(of: .firstName).hasSuffix("q") == true)
    }

    @Test func qWithUnsavedChangesAsksFirstWhileTheTerminalIsTooSmall() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        app.press(.tab)
        app.type("x")
        app.press(.escape)
        app.resize(to: Size(width: 50, height: 15))
        #expect(app.press(.char("q")) == nil)
        app.resize(to: Size(width: 80, height: 24))
        #expect(app.contains("Discard unsaved changes?"), "the question waits on the grown terminal")
        #expect(app.stackDepth == 2)
    }

    // MARK: Seen at a glance

    @Test func anEmptyFieldShowsWhatGoesThere() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        #expect(app.lines.contains { $0.hasPrefix("  Current Password   the password you have now") })
        #expect(app.lines.contains { $0.hasPrefix("  New Password       at least 8 characters") })
        app.focus(.field(.newPassword))
        app.type("x")
        #expect(!app.contains("at least 8 characters"), "typed text replaces it")
    }

    @Test func tooManyWrongPasswordsCountDownTheWait() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        // Five wrong current passwords within a minute; the sixth try is refused with a wait.
        for _ in 0..<6 {
            app.fillPasswords(current: "not the password", new: "a-new-password", confirmation: "a-new-password")
            app.press(.enter)
            try app.runUntilQuiet()
        }
        try await app.waitFor("Too many attempts — try again in ")
        let first = try #require(Self.secondsShown(app))
        try await app.advance(by: .seconds(10))
        let later = try #require(Self.secondsShown(app))
        #expect(later == first - 10, "it counts down as time passes")
        try await app.advance(by: .seconds(Double(later)))
        #expect(app.contains("Too many attempts — you may try again now"))
    }

    private static func secondsShown(_ app: ShellHarness) -> Int? {
        guard let line = app.lines.first(where: { $0.contains("try again in ") }),
              let range = line.range(of: #"in \d+ s"#, options: .regularExpression) else { return nil }
        return Int(line[range].dropFirst(3).dropLast(2))
    }
}
