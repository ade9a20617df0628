@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// `?` shows the keys of the screen on top, from the same declarations as its key bar, then the
/// keys that work everywhere (Docs/keys.md).
@Suite(.timeLimit(.minutes(10))) struct HelpOverlayTests {
    @Test func helpOnTheArticleListListsTheListsKeysAndOnThePageThePages() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        app.press(.char("?"))
        #expect(app.contains("Article list"))
        #expect(app.contains("open the article"))
        #expect(!app.contains("Article page"), "the page's keys are not this screen's")
        #expect(app.contains("Everywhere"))
        app.press(.escape, .enter)
        #expect(!app.contains("╭─ Help"))
        app.press(.function(1))
        #expect(app.contains("Article page"))
        #expect(app.contains("back to the list (the selection is kept)"))
        #expect(!app.contains("Article list"))
    }

    @Test func helpOnTheFlowSaysWhereEachKeyWorks() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        app.press(.char("?"))
        #expect(app.contains("Navigation flow"))
        #expect(app.contains("Esc ← Backspace <  back to the B screen (C1, C2 with a back button)"))
        #expect(app.contains("Space              check or uncheck the option under the cursor (B2)"))
    }

    @Test func inAFieldF1OpensHelpAndHelpSaysThatArrowsEditThere() async throws {
        let app = try await ShellHarness.loadedProfile(entering: true)
        #expect(app.profileScreen?.capturesText == true)
        app.press(.char("?"))
        #expect(!app.contains("╭─ Help"), "? is typed in a field")
        app.press(.function(1))
        #expect(app.contains("╭─ Help"))
        #expect(app.contains("back too, when no field has focus (in one they edit)"))
        #expect(app.contains("edit the focused field, with ← → Home End Backspace"))
    }

    @Test func longDescriptionsWrapUnderThemselvesOrAreCut() {
        #expect(HelpOverlay.wrap("open the challenge of that number", width: 15) == ["open the", "challenge of", "that number"])
        #expect(HelpOverlay.wrap("short", width: 15) == ["short"])
        #expect(HelpOverlay.wrap("unbreakablewordhere", width: 8) == ["unbreak…"])
        #expect(HelpOverlay.cut("forget the navigation flow's progress", width: 12) == "forget the …")
        #expect(HelpOverlay.cut("fits", width: 12) == "fits")
    }

    @Test func atTheSmallestSizeEveryKeyCanBeScrolledTo() throws {
        let app = try ShellHarness(size: Size(width: 60, height: 20))
        app.press(.char("?"))
        var seen = Set<String>()
        for _ in 0..<30 {
            for keys in ["↑ ↓ k j", "Enter →", "1–3", "x ", "? F1", "q ", "n ", "f ", "Ctrl-C", "click", "wheel"]
            where app.lines.contains(where: { $0.contains("│  " + keys) }) {
                seen.insert(keys)
            }
            #expect(app.lines.allSatisfy { DisplayWidth.of($0) <= 60 })
            app.press(.down)
        }
        #expect(seen.count == 11, "every key has its row: \(seen)")
        #expect(!app.contains("…"), "nothing is cut")
    }
}

/// The declarations and the key handling agree on the profile screen and the launcher: every
/// key the screen takes is declared (typing aside, in a field), and every key the bar offers
/// does something.
@Suite(.timeLimit(.minutes(10))) struct DeclaredKeysTests {
    @Test func theProfilesDeclaredKeysAreTheKeysItTakes() async throws {
        let loaded = try await ShellHarness.loadedProfile()
        var screens: [(String, ProfileFeature)] = []
        for focus in [ProfileFocus.field(.firstName), .save(.basicInformation), .back, .field(.newPassword), .save(.password)] {
            loaded.focus(focus)
            screens.append(("\(focus)", try #require(loaded.profileScreen)))
        }
        let failed = try ShellHarness.profile([.profile: .failingOnce(.timeout)])
        try await failed.waitFor("Press r to try again")
        screens.append(("a failed load", try #require(failed.profileScreen)))
        for (name, feature) in screens {
            let present = feature.keyMap.bindings.filter { $0.isPresent(feature) }
            for key in KeyCandidates.all where feature.command(for: key) != nil {
                if feature.capturesText, case .char = key { continue }
                #expect(present.contains { $0.keys.contains(key) }, "\(key) works on \(name) but is not declared")
            }
            for binding in present where binding.isAvailable(feature) {
                for key in binding.keys {
                    #expect(feature.command(for: key) != nil, "\(key) is offered on \(name) but does nothing")
                }
            }
        }
    }

    @Test func theLaunchersDeclaredKeysAreTheKeysItTakes() throws {
        let map = LauncherScreen.keyMap(challenges: Challenge.all)
        for key in KeyCandidates.all {
            // A fresh launcher each time: Enter, a digit and x act.
            let app = try ShellHarness()
            let launcher = try #require(app.shell.top as? LauncherScreen)
            let context = try #require(app.shell.context)
            let taken = launcher.handle(key, context) == .handled
            let declared = map.binding(for: key, in: LauncherState(challenges: Challenge.all)) != nil
            #expect(taken == declared, "\(key): taken by the launcher \(taken), declared \(declared)")
        }
    }
}

/// Help says what the screen is waiting for, lists the keys that work but the bar leaves out
/// and what the mouse does, and scrolls when it is taller than the terminal (Docs/keys.md).
@Suite(.timeLimit(.minutes(10))) struct HelpContentsTests {
    @Test func theFlowsHelpSaysWhatItWaitsForAndCountsDown() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2, login: .after(4, .failNext(1, .status(500))), submit: .after(2)))
        try await app.waitForScreen(.b2)
        app.press(.char("?"))
        #expect(app.contains("Waiting for: signing in"))
        try await app.advance(by: .seconds(4))
        #expect(app.contains("Waiting for: signing in: attempt 1 failed, next try in 1 s"))
        app.press(.escape, .char(" "), .enter, .char("?"))
        #expect(app.contains("your choice to") && app.contains("(rSubmitSelection)"), "the submit, wrapped under the sign-in")
    }

    @Test func theArticlesHelpSaysTheSyncAndTheProfilesTheSave() async throws {
        let articles = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysSucceed, delay: 2))
        try await articles.settle()
        articles.press(.char("?"))
        #expect(articles.contains("Waiting for: syncing"))

        let profile = try ShellHarness.profile([.profileUpdate: .slow(3)])
        try await profile.waitFor("Johnny B")
        profile.press(.tab)
        profile.type("!")
        profile.focus(.save(.basicInformation))
        profile.press(.enter, .char("?"))
        #expect(profile.contains("Waiting for: saving the names"))
    }

    @Test func nothingUnderWayNothingSaid() throws {
        let app = try ShellHarness()
        app.press(.char("?"))
        #expect(!app.contains("Waiting for"))
    }

    @Test func itNamesTheKeysTheBarLeavesOutAndWhatTheMouseDoes() async throws {
        let launcher = try ShellHarness()
        launcher.press(.function(1))
        for text in ["1–3", "open the challenge of that number", "Home End PgUp PgDn", "x ", "? F1", "click", "on a challenge: open it",
                     "wheel", "on the key bar: press that key"] {
            #expect(launcher.contains(text), "the launcher's help names \(text)")
        }
        let articles = try ArticlesFixture.harness()
        try await articles.waitFor("synced at")
        articles.press(.char("?"))
        for text in ["PgUp PgDn", "Home End", "on a row: open the article"] {
            #expect(articles.contains(text), "the list's help names \(text)")
        }
        let flow = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await flow.waitForScreen(.b1)
        flow.press(.char("?"))
        #expect(flow.contains("Esc ← Backspace <"))
        #expect(flow.contains("on a choice: choose it (B1) or check it (B2)"))
    }

    @Test func tallerThanTheTerminalItScrolls() async throws {
        let app = try await ShellHarness.loadedProfile(size: Size(width: 60, height: 20))
        app.press(.function(1))
        #expect(app.contains("↓ more"))
        #expect(app.lines[19] == "Esc close help · ↑↓ scroll")
        #expect(!app.contains("Ctrl-C"))
        app.press(.end)
        #expect(app.contains("Ctrl-C"))
        #expect(app.contains("↑ more"))
        app.press(.home)
        #expect(!app.contains("Ctrl-C"))
        let box = try #require(app.point(of: "Profile"))
        app.wheel(.wheelDown, at: box)
        #expect(app.contains("↑↓ more"), "the wheel scrolls it")
        app.press(.escape)
        #expect(!app.shell.isShowingHelp)
    }

    @Test func theFlowsHelpNamesTheFetchAndCsWait() async throws {
        let app = try ShellHarness.navigation(
            FlowScenario.make(.screenB3, login: .after(9, .alwaysSucceed), fetch: .after(2)))
        try await app.waitForScreen(.a)
        app.press(.char("?"))
        #expect(app.contains("the experiment (rFetchExperiments)"))
        app.press(.escape)
        try await app.advance(by: .seconds(2))
        try await app.waitForScreen(.b3)
        app.press(.enter)
        try await app.waitForScreen(.c2)
        app.press(.char("?"))
        #expect(app.contains("C's 3 s, 3 s left"))
        app.press(.escape)
        try await app.advance(by: .seconds(3))
        app.press(.char("?"))
        #expect(app.contains("the sign-in, then D"))
    }

    @Test func theProfilesHelpNamesTheLoadAndThePasswordChange() async throws {
        let loading = try ShellHarness.profile([.profile: .slow(2)])
        try await loading.settle()
        loading.press(.char("?"))
        #expect(loading.contains("Waiting for: the profile to load"))

        let app = try await ShellHarness.loadedProfile([.passwordChange: .slow(2)])
        app.fillPasswords(current: "password123", new: "newpassword1", confirmation: "newpassword1")
        app.focus(.save(.password))
        app.press(.enter, .char("?"))
        #expect(app.contains("Waiting for: changing the password"))
    }

    @Test func theArticlesHelpCountsThePicturesOnTheirWay() async throws {
        let app = try ArticlesFixture.harness(images: EndpointBehaviour(delay: 1...1, outcomes: .alwaysSucceed))
        try await app.waitFor("synced at")
        app.press(.char("?"))
        #expect(app.contains("Waiting for: 4 pictures"), "four downloads at once")
    }
}
