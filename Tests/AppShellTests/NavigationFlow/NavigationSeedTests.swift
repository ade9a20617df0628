@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import Foundation
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The challenge's requirements (Docs/navigation.md), through the keys of the real shell on the headless
/// terminal, with time on the manual clock. Test names say which criterion (seed section 1–6).
@Suite(.timeLimit(.minutes(10))) struct NavigationSeedTests {
    // MARK: 1. The app launches

    @Test func seed1_launchTriggersRLoginAndFirstTimeUserSeesScreenA() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, login: .after(2), fetch: .after(5)))
        try await app.waitForScreen(.a)
        #expect(try app.flowState.login == .signingIn(attempt: 1))
        #expect(app.lines[22].contains("Signing in…"))
        #expect(app.contains("Fetching experiments…"))
        try await app.waitForSleepers(2)  // rLogin and rFetchExperiments are both under way
        try await app.advance(by: .seconds(2))
        try await app.settle(until: "signed in") { $0.lines[22].contains("Signed in") }
        #expect(app.contains("Screen A"), "a first-time user stays on A until the experiment is known")
    }

    @Test func seed1_launchFromTheLauncherTriggersRLoginToo() async throws {
        let app = try ShellHarness(scenario: FlowScenario.make(.screenB1, login: .after(2)))
        app.press(.enter)
        try await app.waitForScreen(.b1)
        #expect(try app.flowState.login == .signingIn(attempt: 1))
        #expect(app.lines[22].hasPrefix(" Signing in…"))
    }

    @Test func seed1_returningUserResumesOnTheLastScreen() async throws {
        let store = InMemoryRecordStore()
        do {
            let first = try ShellHarness.navigation(FlowScenario.make(.screenB1, login: .after(60)), store: store)
            try await first.waitForScreen(.b1)
            first.press(.down, .down, .down, .enter)
            try await first.waitForScreen(.c1)
            first.press(.char("q"))
            #expect(first.contains("▸ 1  Navigation flow"), "back on the launcher")
            try await first.settle(until: "C1 stored") { _ in
                (try? NavigationProgressStore(store: store).load())??.screen == .c1
            }
        }
        // The next launch: same store, a new app.
        let second = try ShellHarness.navigation(
            FlowScenario.make(.screenB2, login: .after(1), fetch: .failing), store: store)
        try await second.waitForScreen(.c1)
        #expect(second.contains("│ Choice D"), "C1 shows the selection made in the previous run")
        #expect(second.lines[22].contains("Signing in…"), "rLogin runs again at this launch")
        // C resumes its 3-second wait, then moves on once signed in.
        try await second.waitForSleepers(2)
        try await second.advance(by: .seconds(1))
        try await second.settle(until: "signed in") { $0.lines[22].contains("Signed in") }
        #expect(second.contains("Screen C1"))
        try await second.advance(by: .seconds(2))
        try await second.waitForScreen(.d)
    }

    @Test func seed1_returningUserResumesOnB2WithTheCheckedOption() async throws {
        let store = InMemoryRecordStore()
        do {
            let first = try ShellHarness.navigation(FlowScenario.make(.screenB2), store: store)
            try await first.waitForScreen(.b2)
            first.press(.down, .down, .down, .char(" "))
            try await first.settle(until: "the check stored") { _ in
                (try? NavigationProgressStore(store: store).load())??.b2Checked == 3
            }
        }
        let second = try ShellHarness.navigation(FlowScenario.make(.screenB1), store: store)
        try await second.waitForScreen(.b2)
        #expect(second.contains("│ › [x] Option 4"), "the cursor starts on the checked option")
    }

    @Test func seed1_returningUserOnDStaysOnD() async throws {
        let store = InMemoryRecordStore()
        try NavigationProgressStore(store: store).save(NavigationProgress(screen: .d, experiment: .screenB3))
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1), store: store)
        try await app.waitForScreen(.d)
        try await app.advance(by: .seconds(10))
        #expect(app.contains("Screen D"))
    }

    @Test func seed1_forgettingTheProgressInTheLauncherStartsAgainOnA() async throws {
        let store = InMemoryRecordStore()
        try NavigationProgressStore(store: store).save(NavigationProgress(screen: .d, experiment: .screenB3))
        let app = try ShellHarness(scenario: FlowScenario.make(.screenB1, fetch: .after(5)), store: store)
        app.press(.char("x"), .char("y"), .enter)
        try await app.waitForScreen(.a)
        #expect(app.contains("Fetching experiments…"))
    }

    // MARK: 2. Screen A

    @Test func seed2_screenAFetchesExperimentsOnceAndPersistsThem() async throws {
        let store = InMemoryRecordStore()
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3, fetch: .after(1)), store: store)
        try await app.waitForScreen(.a)
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        try await app.waitForScreen(.b3)
        try await app.settle(until: "the experiment stored") { _ in
            (try? NavigationProgressStore(store: store).load())??.experiment == .screenB3
        }
        // A stored experiment on A is used as is: no fetch (this one would fail) and on to B3.
        try NavigationProgressStore(store: store).save(NavigationProgress(screen: .a, experiment: .screenB3))
        let next = try ShellHarness.navigation(FlowScenario.make(.screenB1, fetch: .failing), store: store)
        try await next.waitForScreen(.b3)
        #expect(!next.contains("Could not fetch"))
    }

    @Test(arguments: [
        (Experiment.screenB1, FlowScreen.b1), (.screenB2, .b2), (.screenB3, .b3), (.noScreenB, .c2),
    ])
    func seed2_theExperimentLeadsToItsScreen(_ experiment: Experiment, _ screen: FlowScreen) async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(experiment))
        try await app.waitForScreen(screen)
    }

    @Test func seed2_aFailedFetchShowsTheErrorAndRRetries() async throws {
        let app = try ShellHarness.navigation(
            FlowScenario.make(.screenB1, fetch: .now(.failNext(1, .status(503)))))
        try await app.waitFor("Could not fetch the experiments")
        #expect(app.contains("Server error 503"))
        #expect(app.lines[23].hasPrefix("r retry"))
        app.press(.char("r"))
        try await app.waitForScreen(.b1)
    }

    // MARK: 3. Screen B

    @Test func seed3_b1SubmitsSelectionAndLeadsToC1() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, submit: .after(1)))
        try await app.waitForScreen(.b1)
        app.press(.down, .down, .up)
        #expect(app.contains("│ › Choice B"))
        app.press(.enter)
        #expect(try app.flowState.submitting == Submission(screen: .b1, selection: "Choice B"))
        try await app.waitFor("Submitting Choice B…")
        #expect(app.lines[23] == "Esc back · ? help · q leave · n network · f faults · t timeline", "nothing of the flow to press while submitting")
        app.press(.down)
        #expect(app.contains("│ › Choice B"), "the wheel is locked while submitting")
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        try await app.waitForScreen(.c1)
        #expect(app.contains("│ Choice B"))
    }

    @Test func seed3_b1StaysOnAFailedSubmitKeepsTheSelectionAndEnterTriesAgain() async throws {
        let app = try ShellHarness.navigation(
            FlowScenario.make(.screenB1, submit: .now(.failNext(1, .status(500)))))
        try await app.waitForScreen(.b1)
        app.press(.down, .enter)
        try await app.waitFor("Could not submit: Server error 500. Press Enter to try again.")
        #expect(app.contains("│ › Choice B"))
        app.press(.enter)
        try await app.waitForScreen(.c1)
        #expect(app.contains("│ Choice B"))
    }

    @Test func seed3_b2LeadsToC2() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2))
        try await app.waitForScreen(.b2)
        app.press(.enter)
        #expect(app.contains("Choose an option first"))
        #expect(try app.flowState.screen == .b2)
        app.press(.down, .char(" "), .down, .char(" "))
        #expect(app.contains("│   [ ] Option 2"), "checking one unchecks the others")
        #expect(app.contains("│ › [x] Option 3"))
        #expect(!app.contains("Choose an option first"))
        app.press(.enter)
        try await app.waitForScreen(.c2)
        #expect(app.contains("│ Option 3"))
    }

    @Test func seed3_b3LeadsToC2WithoutARequest() async throws {
        // Any submit would fail here: B3 moves on all the same because it sends none.
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3, submit: .failing))
        try await app.waitForScreen(.b3)
        #expect(app.contains("Lorem ipsum dolor sit amet"))
        app.press(.enter)
        try await app.waitForScreen(.c2)
        #expect(!app.contains("Selection"))
    }

    @Test func seed3_noScreenBGoesFromAToC2() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.noScreenB, fetch: .after(1)))
        try await app.waitForScreen(.a)
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        try await app.waitForScreen(.c2)
        #expect(try app.flowState.cameFrom == nil)
        #expect(!app.contains("‹ Back"))
    }

    // MARK: 4. Screen C

    @Test func seed4_screenCStaysAtLeastThreeSeconds() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3))
        try await app.waitForScreen(.b3)
        try await app.settle(until: "signed in") { $0.lines[22].contains("Signed in") }
        app.press(.enter)
        try await app.waitForScreen(.c2)
        try await app.waitForSleepers(1)
        try await app.advance(by: .milliseconds(1_100))
        #expect(app.contains("on to D in 2 s"), "the countdown is redrawn while C waits")
        try await app.advance(by: .milliseconds(1_800))
        #expect(app.contains("Screen C2"), "2.9 s: still C")
        #expect(app.clock.sleeperCount == 1, "C's timer is still pending")
        try await app.advance(by: .milliseconds(100))
        try await app.waitForScreen(.d)
    }

    @Test func seed4_screenCWaitsForRLogin() async throws {
        // rLogin fails three times: attempts at 0, 1 and 3 s fail, the fourth (at 7 s) succeeds.
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3, login: .now(.failNext(3, .status(500)))))
        try await app.waitForScreen(.b3)
        app.press(.enter)
        try await app.waitForScreen(.c2)
        #expect(app.contains("Waiting for sign-in (at least 3 s here)…"))
        try await app.waitForSleepers(2)  // C's 3 s and the first retry
        var seconds = 0
        while !app.lines[22].contains("Signed in") {
            #expect(app.contains("Screen C2"), "C waits while rLogin has not succeeded (t = \(seconds) s)")
            try await app.waitForSleepers(1)
            try await app.advance(by: .seconds(1))
            seconds += 1
            if seconds == 4 { #expect(app.contains("⠋ Waiting for sign-in…"), "the 3 s are over; sign-in is not") }
            try #require(seconds < 30, "rLogin never succeeded")
        }
        #expect(seconds >= 7, "the backoff waited 1, 2 and 4 s")
        try await app.waitForScreen(.d)
    }

    @Test func seed4_screenCShowsTheSelection() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, login: .after(60)))
        try await app.waitForScreen(.b1)
        app.press(.down, .down, .down, .down, .enter)
        try await app.waitForScreen(.c1)
        #expect(app.lines[3].hasPrefix("  ╭─ Selection"))
        #expect(app.lines[4].hasPrefix("  │ Choice E"))
        #expect(app.terminal.canvas.style(at: Point(x: 4, y: 4)).bold)
    }

    @Test func seed4_backFromCThenForwardCountsThreeSecondsAfresh() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        app.press(.down, .enter)
        try await app.waitForScreen(.c1)
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(2))
        app.press(.escape)
        try await app.waitForScreen(.b1)
        #expect(app.contains("│ › Choice B"), "back on B1 with its selection still chosen")
        try await app.advance(by: .seconds(5))
        #expect(app.contains("Screen B1"), "leaving C cancelled its move to D")
        app.press(.enter)
        try await app.waitForScreen(.c1)
        try await app.waitForSleepers(1)
        try await app.advance(by: .milliseconds(2_900))
        #expect(app.contains("Screen C1"), "2.9 s after coming back: still C")
        try await app.advance(by: .milliseconds(100))
        try await app.waitForScreen(.d)
    }

    @Test func seed4_whenSignInGaveUpCSaysSoAndRStartsItAgain() async throws {
        var configuration = AppConfiguration.defaults
        configuration[NavigationSettings.loginRetry] = NavigationState.loginPolicy(maxAttempts: 2)
        let app = try ShellHarness.navigation(
            FlowScenario.make(.noScreenB, login: .failing), configuration: configuration)
        try await app.waitForScreen(.c2)
        try await app.waitForSleepers(2)  // C's 3 s and the retry after 1 s
        try await app.advance(by: .seconds(1))
        try await app.waitFor("Sign-in gave up after 2 attempts: Server error 500.")
        #expect(app.contains("Press r to try again."))
        #expect(app.lines[23].hasPrefix("r retry"))
        try await app.advance(by: .seconds(5))
        #expect(app.contains("Screen C2"), "no D without sign-in")
        app.mockNavigationAPI?.login.behaviour = .instant
        app.press(.char("r"))
        try await app.waitForScreen(.d)
    }

    // MARK: 5. Screen D

    @Test func seed5_screenDHasNoBackButton() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3))
        try await app.waitForScreen(.b3)
        app.press(.enter)
        try await app.waitForScreen(.c2)
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(3))
        try await app.waitForScreen(.d)
        #expect(!app.contains("‹ Back"))
        #expect(app.lines[23] == "Esc back · ? help · q leave · n network · f faults · t timeline")
        for key in [Key.escape, .left, .backspace, .char("<"), .enter, .char(" "), .up, .char("r")] {
            #expect(NavigationKeys.event(for: key, in: try app.flowState) == nil, "\(key) does nothing on D")
        }
        for key in [Key.char("<"), .enter, .char(" "), .up, .char("r")] {
            app.press(key)
            #expect(app.contains("Screen D"))
        }
        try await app.advance(by: .seconds(60))
        #expect(app.contains("Screen D"), "nothing automated happens on D")
        // No way back within the flow; Esc leaves the challenge as q does (Docs/keys.md, "Back").
        app.press(.escape)
        #expect(app.stackDepth == 1)
        #expect(app.contains("resume at Screen D"))
    }

    // MARK: 6. General

    @Test func seed6_onlyScreenCHasABackButton() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, fetch: .now(.failNext(1, .status(500)))))
        try await app.waitFor("Could not fetch")
        #expect(!app.contains("‹ Back"))
        // A and B have no back button of their own: `<` does nothing there, and Esc (as q)
        // leaves the challenge rather than going back within the flow (Docs/keys.md, "Back").
        app.press(.char("<"))
        #expect(app.contains("Screen A"))
        #expect(NavigationKeys.event(for: .escape, in: try app.flowState) == nil)
        app.press(.char("r"))
        try await app.waitForScreen(.b1)
        #expect(!app.contains("‹ Back"))
        app.press(.char("<"))
        #expect(app.contains("Screen B1"))
        #expect(NavigationKeys.event(for: .escape, in: try app.flowState) == nil)
        app.press(.enter)
        try await app.waitForScreen(.c1)
        #expect(app.lines[0].hasPrefix(" ‹ Back  Screen C1"))
        #expect(app.lines[23].contains("Esc back"))
        for key in [Key.left, .backspace, .char("<")] {
            app.press(key)
            try await app.waitForScreen(.b1)
            app.press(.enter)
            try await app.waitForScreen(.c1)
        }
    }

    @Test func seed6_rLoginRetriesOthersFailAfterOneTry() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(
            .screenB1,
            login: .now(.failNext(2, .status(500))),
            fetch: .now(.sequence([.failure(.status(500)), .success])),
            submit: .now(.sequence([.failure(.status(502)), .success]))))
        try await app.waitFor("Could not fetch the experiments")
        try await app.settle(until: "the first sign-in failure") {
            $0.lines[22].contains("Sign-in attempt 1 failed, next try in 1 s: Server error 500")
        }
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        try await app.settle(until: "the second sign-in failure") {
            $0.lines[22].contains("Sign-in attempt 2 failed, next try in 2 s: Server error 500")
        }
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        #expect(app.lines[22].contains("next try in 1 s"), "the countdown is redrawn")
        try await app.advance(by: .seconds(1))
        try await app.settle(until: "signed in") { $0.lines[22].contains("Signed in") }
        #expect(app.contains("Could not fetch the experiments"), "rFetchExperiments was not tried again by itself")
        app.press(.char("r"))
        try await app.waitForScreen(.b1)
        app.press(.enter)
        try await app.waitFor("Could not submit: Server error 502")
        try await app.advance(by: .seconds(30))
        #expect(app.contains("Could not submit: Server error 502"), "rSubmitSelection was not tried again by itself")
        app.press(.enter)
        try await app.waitForScreen(.c1)
    }

    @Test func seed6_theBackgroundsAreTheDiagramsColours() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, fetch: .after(1)))
        try await app.waitForScreen(.a)
        #expect(app.background(at: Point(x: 10, y: 10)) == RGB(hex: "#97D077"))
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        try await app.waitForScreen(.b1)
        #expect(app.background(at: Point(x: 10, y: 10)) == RGB(hex: "#FFFFCC"))
        app.press(.enter)
        try await app.waitForScreen(.c1)
        #expect(app.background(at: Point(x: 10, y: 10)) == RGB(hex: "#FFCCFF"))
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(3))
        try await app.waitForScreen(.d)
        #expect(app.background(at: Point(x: 10, y: 10)) == RGB(hex: "#D4E1F5"))
    }
}
