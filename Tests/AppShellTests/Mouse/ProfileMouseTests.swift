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

/// The profile form with the mouse and bracketed paste (Docs/mouse-and-paste.md).
@Suite(.timeLimit(.minutes(10))) struct ProfileMouseTests {
    @Test func aClickOnAFieldOrItsLabelGivesItTheFocusWithTheCursorAtTheEnd() async throws {
        let app = try await ShellHarness.loadedProfile()
        try app.click("Last Name")
        #expect(app.profileScreen?.focus == .field(.lastName))
        #expect(app.profileScreen?.fields[.lastName]?.cursor == "Goode".count)
        #expect(app.terminal.cursor == Point(x: 21 + "Goode".count, y: 7))
        // Clicking into the first name's text: the cursor goes to its end all the same.
        app.press(.home)
        try app.click("Johnny B", offset: 2)
        #expect(app.profileScreen?.focus == .field(.firstName))
        #expect(app.profileScreen?.fields[.firstName]?.cursor == "Johnny B".count)
        try app.click("Re-enter Password")
        #expect(app.profileScreen?.focus == .field(.passwordConfirmation))
    }

    @Test func readOnlyAndBlankPartsAreNotClickable() async throws {
        let app = try await ShellHarness.loadedProfile()
        try app.click("iOS User")
        try app.click("BASIC INFORMATION")
        try app.click("mock backend")
        try app.click("User Profile")
        let saveRow = try #require(app.point(of: "[ SAVE CHANGES ]"))
        app.click(at: saveRow.offsetBy(dx: 16)) // just past the button
        app.click(at: saveRow.offsetBy(dy: -1)) // the error row of Last Name, empty
        #expect(app.profileScreen?.focus == .field(.firstName))
        #expect(app.stackDepth == 2)
    }

    @Test func saveChangesIsAButtonThatSavesItsSection() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"))
        app.type("Grace")
        try await app.waitFor("● unsaved")
        try app.click("[ SAVE CHANGES ]", offset: 15) // its last cell
        try await app.waitFor("✓ Profile saved")
        #expect(app.profileScreen?.focus == .save(.basicInformation))
        #expect(app.mockProfileAPI?.storedProfile.firstName == "Grace")
        #expect(!app.contains("● unsaved"))
    }

    @Test func thePasswordsSaveChangesAnswersAsEnterDoes() async throws {
        let app = try await ShellHarness.loadedProfile()
        let buttons = app.lines.enumerated().filter { $0.element.contains("[ SAVE CHANGES ]") }.map(\.offset)
        #expect(buttons.count == 2)
        app.click(at: Point(x: 2, y: try #require(buttons.last)))
        #expect(app.profileScreen?.focus == .save(.password))
        try await app.waitFor("No changes to save")
        #expect(!app.environment.monitor.history.contains { $0.path.contains("password") }, "nothing was sent")
    }

    @Test func dashboardGoesBackAndAsksFirstWhenThereAreUnsavedEdits() async throws {
        let app = try await ShellHarness.loadedProfile()
        try app.click("‹ Dashboard")
        #expect(app.stackDepth == 1, "nothing unsaved: back at once")

        app.press(.char("3"))
        try await app.waitFor("Johnny B")
        app.press(.tab)
        app.type("!")
        // From inside the field: the button leaves the screen (Esc would only leave the field).
        try app.click("‹ Dashboard", offset: 11) // the trailing space is part of it
        #expect(app.shell.pendingLeave != nil)
        #expect(app.lines[23] == "Tab ←→ move · Enter press · y yes · n no")
        // Outside the question nothing happens; the field under it is not focused.
        try app.click("Last Name")
        #expect(app.shell.pendingLeave != nil)
        #expect(app.profileScreen?.focus == .field(.firstName))
        try app.click("No (n)")
        #expect(app.shell.pendingLeave == nil)
        #expect(app.stackDepth == 2)
        try app.click("‹ Dashboard")
        try app.click("Yes (y)", offset: 6)
        #expect(app.stackDepth == 1)
    }

    @Test func afterAFailedLoadTheKeyBarsRetryLoadsAgainAndDashboardStillLeaves() async throws {
        let app = try ShellHarness.profile([.profile: .failingOnce(.status(500))])
        try await app.waitFor("r retry")
        app.click(at: Point(x: 30, y: 5)) // where First Name will be: nothing of the form is drawn yet
        #expect(app.profileScreen?.focus == .outside && !app.contains("Johnny B"))
        try app.click("r retry")
        try await app.waitFor("Johnny B")
        try app.click("‹ Dashboard")
        #expect(app.stackDepth == 1)
    }

    @Test func theKeyBarsEscBackLeavesAsEscDoes() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        try app.click("Esc back")
        #expect(app.stackDepth == 1)
    }

    // MARK: Bracketed paste

    /// One line: line breaks and tabs are a space each run, other control characters go.
    @Test func aPasteIntoAFieldIsOneEditOnOneLineAndNothingReadAsKeys() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"))
        #expect(app.press(.paste("Ada\r\nq?n\u{1B}f\tx")) == nil, "a pasted q never leaves")
        #expect(app.profileScreen?.fields[.firstName]?.text == "Ada q?nf x")
        #expect(app.profileScreen?.state.displayText(of: .firstName) == "Ada q?nf x")
        #expect(app.profileScreen?.fields[.firstName]?.cursor == "Ada q?nf x".count)
        #expect(app.stackDepth == 2)
        #expect(!app.shell.isShowingHelp && !app.shell.isShowingInspector && app.shell.faultPanel == nil)
        #expect(app.contains("● unsaved"))
        // At the cursor, not at the end.
        app.press(.home)
        app.paste("Lady ")
        #expect(app.profileScreen?.fields[.firstName]?.text == "Lady Ada q?nf x")
    }

    /// The issue's `Mary⏎Ann`: one line with a space, not `MaryAnn`.
    @Test func aNamePastedOverTwoLinesIsOneLineWithASpace() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"))
        app.paste("Mary\nAnn\n")
        #expect(app.lines[5] == "▸ First Name         Mary Ann")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("✓ Profile saved")
        #expect(app.mockProfileAPI?.storedProfile.firstName == "Mary Ann")
    }

    /// A full name field says so under it while it has focus: the keys that add nothing are
    /// explained.
    @Test func aFullNameFieldSaysSo() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"))
        app.type(String(repeating: "x", count: ProfileValidation.maximumNameLength - 1))
        #expect(!app.contains("Full:"), "not before it is full")
        app.type("yz")
        #expect(app.profileScreen?.fields[.firstName]?.text.hasSuffix("xy") == true, "the 51st character is refused")
        #expect(app.lineUnder("First Name") == "                     Full: at most 50 characters")
        #expect(app.terminal.canvas.style(at: Point(x: 21, y: 6)).dim)
        app.press(.tab)
        #expect(!app.contains("Full:"), "only while it has focus")
        app.press(.backTab)
        #expect(app.contains("Full: at most 50 characters"))
        app.press(.backspace)
        #expect(!app.contains("Full:"))
    }

    @Test func aPasteKeepsTheFieldsLengthLimit() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"))
        app.paste(String(repeating: "x", count: ProfileValidation.maximumNameLength + 20))
        #expect(app.profileScreen?.fields[.firstName]?.count == ProfileValidation.maximumNameLength)
        app.paste("more")
        #expect(app.profileScreen?.fields[.firstName]?.count == ProfileValidation.maximumNameLength)
    }

    /// The decoder's largest paste into a 50-character field: the field keeps its first 50, and
    /// the next key is a key again (the paste cost what the field holds, not its length).
    @Test func theLargestPasteIntoANameFieldKeepsWhatTheFieldHolds() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"))
        app.paste(String(repeating: "y", count: InputDecoder.maxPasteLength))
        #expect(app.profileScreen?.fields[.firstName]?.text == String(repeating: "y", count: ProfileValidation.maximumNameLength))
        app.press(.backspace)
        #expect(app.profileScreen?.fields[.firstName]?.count == ProfileValidation.maximumNameLength - 1)
    }

    @Test func aPasteIntoAPasswordFieldIsMaskedAndNeverShown() async throws {
        let app = try await ShellHarness.loadedProfile()
        try app.click("Current Password")
        app.paste("hunter\n2\n")
        #expect(app.profileScreen?.fields[.currentPassword]?.text == "hunter 2", "one line, the last break gone")
        #expect(app.contains("Current Password   ••••••••"))
        #expect(!app.contains("hunter"))
    }

    @Test func aPasteWhereNoFieldHasFocusIsIgnored() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.focus(.save(.basicInformation))
        let before = app.screen
        #expect(app.press(.paste("q")) == nil)
        app.paste("Grace\r")
        #expect(app.screen == before)
        #expect(app.stackDepth == 2)
        #expect(app.profileScreen?.state.hasUnsavedChanges == false)
    }

    @Test func aFieldBeingSavedTakesNoPaste() async throws {
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .slow(5)])
        app.press(.ctrl("u"))
        app.type("Grace")
        try app.click("[ SAVE CHANGES ]")
        try await app.waitFor("Saving…")
        try app.click("Grace")
        app.paste("!!")
        #expect(app.profileScreen?.fields[.firstName]?.text == "Grace")
    }
}
