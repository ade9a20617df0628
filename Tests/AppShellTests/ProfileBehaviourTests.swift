@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import Navigation
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The profile screen driven by keys, as a person would, on the mock backend (time on the
/// harness's manual clock). Test names starting `seedReq` name the challenge's requirement they check (Docs/profile.md).
@Suite(.timeLimit(.minutes(10))) struct ProfileBehaviourTests {
    // MARK: Seed requirement 1: the profile is loaded when the view appears

    @Test func seedReq1_profileIsLoadedWhenTheViewAppears() async throws {
        let app = try ShellHarness.profile([.profile: .slow(2)])
        #expect(app.contains("Loading profile…"))
        #expect(!app.contains("Johnny B"))
        try app.sleepers(atLeast: 1)
        try await app.advance(by: .seconds(2))
        try await app.waitFor("Johnny B")
        #expect(app.lines[4] == "  Username           iOS User")
        #expect(app.lines[5] == "  First Name         Johnny B", "no field has the focus yet")
        #expect(app.lines[7] == "  Last Name          Goode")
    }

    @Test func seedReq1_openingFromTheLauncherLoadsIt() async throws {
        let app = try ShellHarness(scenario: ShellHarness.instantScenario)
        app.press(.char("3"))
        try await app.waitFor("Johnny B")
        #expect(app.profileScreen != nil)
    }

    // MARK: Seed requirement 2: both SAVE CHANGES buttons post

    @Test func seedReq2_basicInformationSavePostsFirstAndLastName() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"))
        app.type("Ada")
        app.press(.tab, .ctrl("u"))
        app.type("  Lovelace ")
        app.press(.tab, .enter)
        try await app.waitFor("✓ Profile saved")
        #expect(app.mockProfileAPI?.storedProfile == UserProfile(firstName: "Ada", userName: "iOS User", lastName: "Lovelace"))
        // What the server kept (trimmed) is what the field shows, and nothing is unsaved.
        #expect(app.lines[7] == "  Last Name          Lovelace")
        #expect(!app.contains("● unsaved"))

        // Leaving asks nothing; coming back shows the saved name.
        app.press(.escape)
        #expect(app.profileScreen == nil)
        #expect(app.contains("▸ 3  Profile"), "the cursor on the challenge just left")
        app.press(.char("3"))
        try await app.waitFor("Ada")
        #expect(app.lines[5] == "  First Name         Ada")
        #expect(app.lines[7] == "  Last Name          Lovelace")
    }

    @Test func seedReq2_passwordChangeSendsAllThreeFields() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.fillPasswords(current: MockProfileAPI.defaultPassword, new: "correct horse", confirmation: "correct horse")
        app.press(.enter)
        try await app.waitFor("✓ Password changed")
        let mock = try #require(app.mockProfileAPI)
        #expect(mock.isCurrentPassword("correct horse"))
        // Used once, then cleared: from the domain and from the fields on screen.
        #expect(!app.contains("•"))
        #expect(app.profileScreen?.fields[.currentPassword]?.isEmpty == true)
        #expect(app.profileScreen?.fields[.passwordConfirmation]?.isEmpty == true)
        #expect(app.profileScreen?.state.hasUnsavedChanges == false)
    }

    // MARK: Seed requirement 3: error handling for every mock return

    /// The section's message beside its SAVE CHANGES: the button's row and the one under it.
    private func sectionMessage(_ app: ShellHarness, row: Int) -> String {
        let first = app.lines[row].components(separatedBy: "✗ ").dropFirst().joined(separator: "✗ ")
        let second = app.lines[row + 1].trimmingCharacters(in: .whitespaces)
        return second.isEmpty ? first : first + " " + second
    }

    /// An injected 400 knows nothing of what was typed: not "First Name is required" under a
    /// filled-in name, but the status's generic answer for the section.
    @Test func seedReq3_errorHandling_anInjected400IsTheGenericAnswerNotAFieldGuess() async throws {
        let app = try await ShellHarness.loadedProfile([
            .profileUpdate: .failingOnce(.status(400)), .passwordChange: .failingOnce(.status(400)),
        ])
        app.press(.ctrl("u"))
        app.type("Jane")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("(400)")
        #expect(sectionMessage(app, row: 9) == "The server refused the change as invalid (400). Check the fields and save again")
        #expect(app.lineUnder("First Name")?.trimmingCharacters(in: .whitespaces) == "")
        #expect(!app.contains("is required"))
        app.fillPasswords(current: "password123", new: "a-new-password", confirmation: "a-new-password")
        app.press(.enter)
        try await app.settle(until: "the password section's answer") { $0.lines[19].contains("✗ The server refused") }
        #expect(sectionMessage(app, row: 19) == "The server refused the change as invalid (400). Check the fields and save again")
        #expect(app.lineUnder("Current Password")?.trimmingCharacters(in: .whitespaces) == "")
    }

    /// A scenario that names a field and a message gets them under that field.
    @Test func seedReq3_errorHandling_anInjectedAnswerNamingAFieldGoesUnderIt() async throws {
        let app = try await ShellHarness.loadedProfile([
            .profileUpdate: .failingOnce(.answer(status: 400, code: "lastName", message: "Last Name is taken")),
        ])
        app.type("!")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("Last Name is taken")
        #expect(app.lineUnder("Last Name") == "                     ✗ Last Name is taken")
        #expect(!app.contains("(400)"))
    }

    /// `r` can't mend a refused token: the message says what would. On the mock backend the
    /// scenario injected it, and the fault panel changes it (with a real server, the token:
    /// `FailureMappingTests`).
    @Test func seedReq3_errorHandling_401SaysWhatWouldHelp() async throws {
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .failingOnce(.status(401))])
        app.type("!")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("(401)")
        #expect(sectionMessage(app, row: 9) == "The server refused the token (401). Injected by the scenario: f changes it")
        #expect(!app.contains("CHALLENGE_TUI_TOKEN"))
        #expect(!app.contains(String(DevToken.default.prefix(12))))
        // The edit is kept, so it can be sent again.
        #expect(app.contains("Johnny B!"))
        #expect(app.contains("● unsaved"))
    }

    @Test func seedReq3_errorHandling_401WhileLoadingNamesTheTokenNotR() async throws {
        let app = try ShellHarness.profile([.profile: .failingOnce(.status(401))])
        try await app.waitFor("✗ The server refused the token (401)")
        #expect(app.contains("Injected by the scenario: f changes it, r retries"))
        #expect(!app.contains("CHALLENGE_TUI_TOKEN"))
        #expect(!app.contains("Press r"))
    }

    @Test func seedReq3_errorHandling_403GoesUnderCurrentPassword() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.fillPasswords(current: "not the password", new: "a-new-password", confirmation: "a-new-password")
        app.press(.enter)
        try await app.waitFor("The current password is wrong")
        #expect(app.lineUnder("Current Password") == "                     ✗ The current password is wrong")
        // The fields stay, so the wrong one can be fixed.
        #expect(app.lines[15] == "  New Password       ••••••••••••••")
        #expect(app.mockProfileAPI?.isCurrentPassword(Secret(MockProfileAPI.defaultPassword)) == true)
    }

    /// The rule itself: a short new password is refused under New Password in the server's words.
    @Test func seedReq3_errorHandling_aShortNewPasswordGoesUnderNewPassword() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.fillPasswords(current: "password123", new: "short", confirmation: "short")
        app.press(.enter)
        #expect(app.lineUnder("New Password") == "                     ✗ Use at least 8 characters", "checked before sending")
    }

    /// An injected 422 does not claim "at least 8 characters" under a 14-character password.
    @Test func seedReq3_errorHandling_anInjected422IsTheGenericAnswer() async throws {
        let app = try await ShellHarness.loadedProfile([.passwordChange: .failingOnce(.status(422))])
        app.fillPasswords(current: "password123", new: "a-new-password", confirmation: "a-new-password")
        app.press(.enter)
        try await app.waitFor("(422)")
        #expect(sectionMessage(app, row: 19) == "The server refused the change by its rules (422). Change the values and save again")
        #expect(!app.contains("at least 8"))
        #expect(app.lineUnder("New Password")?.trimmingCharacters(in: .whitespaces) == "")
    }

    @Test func seedReq3_errorHandling_422OfTheBasicInformationIsTheSectionsMessage() async throws {
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .failingOnce(.status(422))])
        app.type("!")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("(422)")
        #expect(sectionMessage(app, row: 9) == "The server refused the change by its rules (422). Change the values and save again")
    }

    /// The server answered: it failed, it was reached.
    @Test func seedReq3_errorHandling_500SaysServerErrorAndTheNextTryWorks() async throws {
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .failingOnce(.status(500))])
        app.type("!")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("Server error 500")
        #expect(sectionMessage(app, row: 9) == "Server error 500: the server failed. Save again to retry")
        #expect(!app.contains("reach"))
        app.press(.enter)
        try await app.waitFor("✓ Profile saved")
        #expect(app.mockProfileAPI?.storedProfile.firstName == "Johnny B!")
    }

    @Test func seedReq3_errorHandling_refusedConnection() async throws {
        let app = try await ShellHarness.loadedProfile([.passwordChange: .failingOnce(.refused)])
        app.fillPasswords(current: "password123", new: "a-new-password", confirmation: "a-new-password")
        app.press(.enter)
        try await app.waitFor("Couldn't reach the server")
        #expect(sectionMessage(app, row: 19)
            == "Couldn't reach the server: the connection was refused (is it running?). Save again to retry")
        #expect(app.mockProfileAPI?.isCurrentPassword("password123") == true)
    }

    @Test func seedReq3_errorHandling_timeoutWhileLoadingOffersR() async throws {
        let app = try ShellHarness.profile([.profile: .failingOnce(.timeout)])
        try await app.waitFor("Press r to try again")
        #expect(app.contains("✗ Couldn't reach the server: no answer in time"))
        #expect(app.screen.components(separatedBy: "try again").count == 2, "said once")
        #expect(app.profileScreen?.capturesText == false)
        #expect(app.lines[23] == "r retry · Esc back · ? help · q leave · n network · f faults · t timeline")
        app.press(.char("r"))
        try await app.waitFor("Johnny B")
        #expect(app.profileScreen.map { $0.keyMap.barItems(for: $0).map(\.key) } == ["Tab ↑↓", "Enter", "Esc"], "no r once loaded")
    }

    @Test func seedReq3_errorHandling_malformedAnswer() async throws {
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .failingOnce(.malformed)])
        app.type("!")
        app.press(.tab, .tab, .enter)
        try await app.waitFor("Unexpected response")
        #expect(sectionMessage(app, row: 9) == "Unexpected response from the server. Save again to retry")
    }

    @Test func seedReq3_errorHandling_offlineWhileLoadingThenRetried() async throws {
        let app = try ShellHarness.profile([.profile: EndpointBehaviour(delay: 0...0, outcomes: .failNext(2, .offline))])
        try await app.waitFor("Press r to try again")
        app.press(.char("r"))
        try await app.waitFor("Press r to try again")
        app.press(.char("r"))
        try await app.waitFor("BASIC INFORMATION")
    }

    // MARK: Validation and "nothing to save"

    @Test func validationHappensBeforeAnyRequest() async throws {
        // Slow endpoints: a request that started would be asleep on the clock.
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .slow(5), .passwordChange: .slow(5)])
        app.press(.ctrl("u"))
        app.type("   ")
        app.press(.tab, .tab, .enter)
        #expect(app.lineUnder("First Name") == "                     ✗ Enter a first name")
        app.fillPasswords(current: "password123", new: "password123", confirmation: "password12")
        app.press(.enter)
        #expect(app.lineUnder("New Password") == "                     ✗ Choose a password different from the current one")
        #expect(app.lineUnder("Re-enter Password") == "                     ✗ The passwords don't match")
        #expect(app.clock.sleeperCount == 0)
        #expect(app.profileScreen?.isAnimating == false)
        #expect(!app.contains("Saving…"))
        #expect(app.profileScreen?.state.inFlight.isEmpty == true)
    }

    @Test func editingAFieldRemovesItsError() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.ctrl("u"), .tab, .tab, .enter)
        #expect(app.contains("Enter a first name"))
        app.focus(.field(.firstName))
        app.type("G")
        #expect(!app.contains("Enter a first name"))
    }

    @Test func nothingChangedSaysNoChangesToSave() async throws {
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .slow(5), .passwordChange: .slow(5)])
        // A name with only spaces added around it is no change either.
        app.type("  ")
        app.press(.tab, .tab, .enter)
        #expect(app.lines[9] == "▸ [ SAVE CHANGES ]  No changes to save")
        app.focus(.save(.password))
        app.press(.enter)
        #expect(app.lines[19] == "▸ [ SAVE CHANGES ]  No changes to save")
        #expect(app.clock.sleeperCount == 0)
    }

    // MARK: Leaving

    @Test func leavingWithEditsAsksFirst_nStays() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.type("!")
        // The first Esc leaves the field, the second the screen.
        app.press(.escape, .escape)
        #expect(app.contains("Discard unsaved changes?"))
        #expect(app.lines[23] == "Tab ←→ move · Enter press · y yes · n no")
        app.press(.char("n"))
        #expect(app.profileScreen != nil)
        #expect(app.contains("Johnny B!"))
        #expect(app.profileScreen?.focus == .outside, "back on the form, out of the field it left")
    }

    @Test func leavingWithEditsAsksFirst_enterPressesTheFocusedNo() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.type("!")
        app.press(.escape, .escape)
        #expect(app.contains("Discard unsaved changes?"))
        app.press(.enter)
        #expect(app.profileScreen != nil, "Enter on the focused No keeps the edits")
        #expect(app.contains("Johnny B!"))
    }

    @Test func leavingWithEditsAsksFirst_yLeavesAndDiscards() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.focus(.field(.newPassword))
        app.type("half-typed")
        app.press(.escape, .escape)
        #expect(app.contains("Discard unsaved changes?"))
        app.press(.char("y"))
        #expect(app.profileScreen == nil)
        #expect(app.contains("▸ 3  Profile"), "the cursor on the challenge just left")
        app.press(.char("3"))
        try await app.waitFor("BASIC INFORMATION")
        #expect(!app.contains("•"))
        #expect(!app.contains("● unsaved"))
    }

    @Test func theBackButtonLeavesWithEnterAndButtonsLeaveWithLeftOrBackspace() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.backTab)
        #expect(app.profileScreen?.focus == .back)
        app.press(.enter)
        #expect(app.profileScreen == nil)

        app.press(.char("3"))
        try await app.waitFor("BASIC INFORMATION")
        app.focus(.save(.basicInformation))
        app.press(.left)
        #expect(app.profileScreen == nil)

        app.press(.char("3"))
        try await app.waitFor("BASIC INFORMATION")
        app.focus(.save(.password))
        app.press(.backspace)
        #expect(app.profileScreen == nil)
    }

    @Test func spaceOnAButtonPressesIt() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.focus(.save(.password))
        app.press(.char(" "))
        #expect(app.lines[19] == "▸ [ SAVE CHANGES ]  No changes to save")
        app.focus(.back)
        app.press(.char(" "))
        #expect(app.profileScreen == nil)
    }

    @Test func backspaceLeavesWhileLoadingAndAfterAFailedLoad() async throws {
        let loading = try ShellHarness.profile([.profile: .slow(3)])
        #expect(loading.profileScreen?.capturesText == false)
        loading.press(.backspace)
        #expect(loading.profileScreen == nil)

        let failed = try ShellHarness.profile([.profile: .failingOnce(.status(503))])
        try await failed.waitFor("Press r to try again")
        failed.press(.left)
        #expect(failed.profileScreen == nil)
    }

    @Test func leftAndBackspaceEditInATextField() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.left, .backspace)
        #expect(app.lines[5] == "▸ First Name         JohnnyB")
        #expect(app.terminal.cursor == Point(x: 21 + "Johnny".count, y: 5))
        #expect(app.profileScreen != nil)
    }

    @Test func leavingWhileLoadingCancelsTheRequest() async throws {
        let app = try ShellHarness.profile([.profile: .slow(3)])
        try app.sleepers(atLeast: 1)
        app.press(.escape)
        #expect(app.profileScreen == nil)
        try await app.settle(until: "the request cancelled") { $0.clock.sleeperCount == 0 }
        // Coming back loads afresh.
        app.press(.char("3"))
        #expect(app.contains("Loading profile…"))
    }

    @Test func qAndQuestionMarkAreTypedIntoAField() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.type("q?")
        #expect(app.profileScreen != nil)
        #expect(app.lines[5] == "▸ First Name         Johnny Bq?")
        #expect(!app.contains("╭─ Help"))
        #expect(app.lines[23] == "Tab ↑↓ move · Enter next · Esc leave field · F1 help", "the bar names the key that still opens help")
        app.press(.function(1))
        #expect(app.contains("╭─ Help"), "F1 opens it from a text field")
        app.press(.escape)
        #expect(app.lines[5] == "▸ First Name         Johnny Bq?", "nothing typed meanwhile")
        // On a button, q is the shell's: leave (asking first, since there are edits).
        app.focus(.save(.basicInformation))
        #expect(app.profileScreen?.capturesText == false)
        app.press(.char("q"))
        #expect(app.contains("Discard unsaved changes?"))
    }

    @Test func f1StillOpensHelpFromAField() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.function(1))
        #expect(app.contains("╭─ Help"))
    }

    // MARK: Focus

    @Test func focusStartsOnFirstNameAndTabGoesRoundInTheIssuesOrder() async throws {
        let app = try await ShellHarness.loadedProfile()
        #expect(app.profileScreen?.focus == .field(.firstName))
        let order: [ProfileFocus] = [
            .field(.lastName), .save(.basicInformation), .field(.currentPassword), .field(.newPassword),
            .field(.passwordConfirmation), .save(.password), .back, .field(.firstName),
        ]
        for expected in order {
            app.press(.tab)
            #expect(app.profileScreen?.focus == expected)
        }
        for expected in order.reversed().dropFirst() + [.field(.firstName)] {
            app.press(.backTab)
            #expect(app.profileScreen?.focus == expected)
        }
    }

    @Test func arrowsMoveTheFocusAndStopAtTheEnds() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.up)
        #expect(app.profileScreen?.focus == .back)
        app.press(.up)
        #expect(app.profileScreen?.focus == .back)
        for _ in 0..<10 { app.press(.down) }
        #expect(app.profileScreen?.focus == .save(.password))
        app.press(.up)
        #expect(app.profileScreen?.focus == .field(.passwordConfirmation))
        // j and k move on buttons (in a field they are typed).
        app.press(.down, .char("k"))
        #expect(app.profileScreen?.focus == .field(.passwordConfirmation))
        app.press(.down, .up, .down, .char("j"))
        #expect(app.profileScreen?.focus == .save(.password))
    }

    @Test func enterInAFieldMovesOnAndTheMarkerFollows() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.enter)
        #expect(app.profileScreen?.focus == .field(.lastName))
        #expect(app.lines[7].hasPrefix("▸ Last Name"))
        #expect(app.lines[5].hasPrefix("  First Name"))
        #expect(app.terminal.cursor == Point(x: 21 + "Goode".count, y: 7))
        app.press(.enter)
        #expect(app.profileScreen?.focus == .save(.basicInformation))
        #expect(app.terminal.cursor == nil)
    }

    @Test func aSectionBeingSavedTakesNoInputButTheOtherOneDoes() async throws {
        let app = try await ShellHarness.loadedProfile([.profileUpdate: .slow(1)])
        app.type("!")
        app.press(.tab, .tab, .enter)
        #expect(app.contains("Saving…"))
        app.press(.enter)  // a second press sends nothing more
        app.press(.backTab, .backTab)
        app.type("xyz")
        #expect(app.lines[5] == "▸ First Name         Johnny B!")
        app.focus(.field(.currentPassword))
        app.type("abc")
        #expect(app.lines[13] == "▸ Current Password   •••")
        try app.sleepers(atLeast: 1)
        #expect(app.clock.sleeperCount == 1)
        try await app.advance(by: .seconds(1))
        try await app.waitFor("✓ Profile saved")
    }

    @Test func theSpinnerAnimatesOnlyWhileBusy() async throws {
        let app = try await ShellHarness.loadedProfile([.passwordChange: .slow(1)])
        #expect(app.profileScreen?.isAnimating == false)
        app.fillPasswords(current: "password123", new: "a-new-password", confirmation: "a-new-password")
        app.press(.enter)
        #expect(app.profileScreen?.isAnimating == true)
        #expect(app.lines[19] == "▸ [ SAVE CHANGES ]  ⠋ Saving…")
        try app.sleepers(atLeast: 1)
        try await app.advance(by: .seconds(1))
        try await app.waitFor("✓ Password changed")
        #expect(app.profileScreen?.isAnimating == false)
    }

    @Test func messagesOfOtherChallengesAreIgnored() async throws {
        let app = try await ShellHarness.loadedProfile()
        let host = try #require(app.shell.top as? FeatureHost<ProfileFeature>)
        let before = host.feature.state
        app.loop.context.post(.event(NavigationEvent.start, to: ScreenID()))
        // Addressed to another profile screen (one left earlier): not this one's.
        app.loop.context.post(.event(ProfileFeature.Event.domain(.retryLoad), to: ScreenID()))
        // Addressed to this screen but of another feature's type: dropped, not misread.
        app.loop.context.post(.event(NavigationEvent.start, to: host.id))
        app.loop.context.post(.event(ProfileFeature.Event.domain(.loaded(.failure(.http(status: 500, body: "")))), to: host.id))
        _ = app.loop.step()
        // A load answer nobody waits for changes nothing either (the domain drops it).
        #expect(host.feature.state == before)
    }
}
