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

/// The flow's screen object: key mapping, the key bar, animation only while something moves,
/// leaving cancels everything, the status line.
@Suite(.timeLimit(.minutes(10))) struct NavigationScreenTests {
    /// A state driven by events, as the reducer sees them (no runtime).
    private func state(_ events: [NavigationEvent], policy: RetryPolicy = .login) -> NavigationState {
        var state = NavigationState(loginPolicy: policy)
        for event in events { _ = state.reduce(event) }
        return state
    }

    private let signedIn = NavigationEvent.loginFinished(attempt: 1, result: .success("s"), at: .zero)

    private func on(_ experiment: Experiment, _ more: [NavigationEvent] = []) -> NavigationState {
        state([.start, .progressLoaded(.success(nil)), signedIn, .experimentsFetched(.success(experiment))] + more)
    }

    // MARK: Keys

    @Test func keysMapToEventsOnlyWhereTheyWork() {
        let b1 = on(.screenB1)
        #expect(NavigationKeys.event(for: .up, in: b1) == .moveUp)
        #expect(NavigationKeys.event(for: .char("k"), in: b1) == .moveUp)
        #expect(NavigationKeys.event(for: .down, in: b1) == .moveDown)
        #expect(NavigationKeys.event(for: .char("j"), in: b1) == .moveDown)
        #expect(NavigationKeys.event(for: .enter, in: b1) == .next)
        #expect(NavigationKeys.event(for: .char(" "), in: b1) == nil, "Space checks only on B2")
        #expect(NavigationKeys.event(for: .escape, in: b1) == nil, "B has no back button")
        #expect(NavigationKeys.event(for: .char("r"), in: b1) == nil, "nothing to retry")
        #expect(NavigationKeys.event(for: .char("q"), in: b1) == nil, "q is the shell's")
        #expect(NavigationKeys.event(for: .char("?"), in: b1) == nil, "? is the shell's")
        #expect(NavigationKeys.event(for: .char("x"), in: b1) == nil)

        let b2 = on(.screenB2)
        #expect(NavigationKeys.event(for: .char(" "), in: b2) == .toggle)

        let c1 = on(.screenB1, [.next, .submitFinished(Submission(screen: .b1, selection: "Choice A"), error: nil)])
        #expect(c1.screen == .c1)
        for key in [Key.escape, .left, .backspace, .char("<")] {
            #expect(NavigationKeys.event(for: key, in: c1) == .back, "\(key) goes back from C")
        }
        #expect(NavigationKeys.event(for: .enter, in: c1) == nil)
        #expect(NavigationKeys.event(for: .up, in: c1) == nil)

        let noScreenB = on(.noScreenB)
        #expect(noScreenB.screen == .c2)
        #expect(NavigationKeys.event(for: .escape, in: noScreenB) == nil, "no back button on the noScreenB path")

        let failedFetch = state([.start, .progressLoaded(.success(nil)), .experimentsFetched(.failure(.timedOut))])
        #expect(NavigationKeys.event(for: .char("r"), in: failedFetch) == .retry)
    }

    @Test func keysDoNothingWhileTheStoredProgressLoads() {
        let loading = state([.start])
        for key in [Key.up, .down, .enter, .char(" "), .escape, .char("r")] {
            #expect(NavigationKeys.event(for: key, in: loading) == nil)
        }
        #expect(NavigationKeys.keyMap.barItems(for: loading).isEmpty)
    }

    @Test func theKeyBarListsOnlyTheKeysThatWork() {
        func bar(_ state: NavigationState) -> String { KeyBar(NavigationKeys.keyMap.barItems(for: state)).text(width: 200) }
        #expect(bar(on(.screenB1)) == "↑↓ choose · Enter next")
        #expect(bar(on(.screenB2)) == "↑↓ move · Space check · Enter next")
        #expect(bar(on(.screenB3)) == "Enter next")
        #expect(bar(on(.screenB2, [.toggle, .next])) == "", "locked while submitting")
        let failed = on(.screenB1, [.next, .submitFinished(Submission(screen: .b1, selection: "Choice A"), error: .timedOut)])
        #expect(bar(failed) == "↑↓ choose · Enter next · r retry", "r works after a failed submit, as Enter does")
        #expect(bar(on(.screenB3, [.next])) == "Esc back")
        #expect(bar(on(.noScreenB)) == "")
        let gaveUp = state(
            [.start, .progressLoaded(.success(nil)), .loginFinished(attempt: 1, result: .failure(.offline), at: .zero),
             .experimentsFetched(.success(.screenB1))],
            policy: NavigationState.loginPolicy(maxAttempts: 1))
        #expect(bar(gaveUp) == "↑↓ choose · Enter next · r retry", "r restarts a sign-in that gave up")
    }

    /// The declarations and the key handling agree on every screen of the flow: a key that does
    /// something is declared (so help and Docs/navigation.md list it), and a key the bar offers
    /// does something.
    @Test func theDeclaredKeysAreTheKeysTheFlowTakes() {
        let failedSubmit = on(.screenB1, [.next, .submitFinished(Submission(screen: .b1, selection: "Choice A"), error: .timedOut)])
        let failedFetch = state([.start, .progressLoaded(.success(nil)), .experimentsFetched(.failure(.timedOut))])
        let states = [
            state([.start]), failedFetch, on(.screenB1), on(.screenB2), on(.screenB3), on(.screenB2, [.toggle, .next]), failedSubmit,
            on(.screenB3, [.next]), on(.noScreenB),
        ]
        for state in states {
            for key in KeyCandidates.all where NavigationKeys.event(for: key, in: state) != nil {
                #expect(NavigationKeys.keyMap.bindings.contains { $0.keys.contains(key) }, "\(key) works on \(state.screen) but is not declared")
            }
            for binding in NavigationKeys.keyMap.bindings where binding.isAvailable(state) {
                for key in binding.keys {
                    #expect(NavigationKeys.event(for: key, in: state) != nil, "\(key) is offered on \(state.screen) but does nothing")
                }
            }
        }
    }

    // MARK: The screen in the shell

    @Test func isAnimatingOnlyWhileASpinnerOrACountdownIsVisible() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, fetch: .after(1), submit: .after(1)))
        try await app.waitForScreen(.a)
        #expect(app.flow?.isAnimating == true, "A's spinner")
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        try await app.waitForScreen(.b1)
        #expect(app.flow?.isAnimating == false, "B1 idle: nothing moves, no redraws")
        #expect(app.loop.pollTimeout == nil, "the loop sleeps until a key or a message")
        app.press(.enter)
        #expect(app.flow?.isAnimating == true, "submitting")
        #expect(app.loop.context.isScheduled("shell.animation"))
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        try await app.waitForScreen(.c1)
        #expect(app.flow?.isAnimating == true, "C's spinner")
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(3))
        try await app.waitForScreen(.d)
        #expect(app.flow?.isAnimating == false)
        #expect(app.loop.pollTimeout == nil, "the loop sleeps until a key or a message")
    }

    @Test func aLoginCountdownAnimatesEvenWhereNothingElseMoves() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3, login: .now(.failNext(1, .status(500)))))
        try await app.waitForScreen(.b3)
        try await app.settle(until: "the countdown") { $0.lines[22].contains("next try in 1 s") }
        #expect(app.flow?.isAnimating == true)
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(1))
        try await app.settle(until: "signed in") { $0.lines[22].contains("Signed in") }
        #expect(app.flow?.isAnimating == false)
    }

    @Test func leavingTheFlowCancelsEverythingInFlight() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, login: .after(30), fetch: .after(30)))
        try await app.waitForScreen(.a)
        try await app.waitForSleepers(2)
        let host = try #require(app.shell.top as? FeatureHost<NavigationFeature>)
        app.press(.char("q"))
        #expect(app.contains("▸ 1  Navigation flow"), "back on the launcher, without a question")
        // Every effect was cancelled: none sleeps on the clock, none waits to run.
        try await app.settle(until: "nothing sleeps on the clock") { $0.clock.sleeperCount == 0 }
        #expect(app.executor.pendingCount == 0)
        #expect(host.feature.state.login == .idle)
        #expect(!host.feature.state.isFetchingExperiments)
    }

    @Test func theFlowCanBeLeftAndOpenedAgainFromTheLauncher() async throws {
        let app = try ShellHarness(scenario: FlowScenario.make(.screenB2))
        app.press(.enter)
        try await app.waitForScreen(.b2)
        app.press(.char(" "), .char("q"))
        #expect(app.contains("▸ 1  Navigation flow"))
        app.press(.enter)
        try await app.waitForScreen(.b2)
        #expect(app.contains("│ › [x] Option 1"), "the selection came back from the store")
    }

    @Test func helpStillOpensOnEveryScreen() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        app.press(.char("?"))
        #expect(app.contains("╭─ Help"))
        app.press(.escape)
        #expect(!app.contains("╭─ Help"))
        #expect(app.contains("Screen B1"))
    }

    @Test func aStorageProblemIsShownInTheStatusLine() async throws {
        let store = InMemoryRecordStore(["navigation.progress": Data("not json".utf8)])
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, fetch: .after(5)), store: store)
        try await app.waitForScreen(.a)
        let state = try app.flowState
        let message = try #require(state.storageMessage)
        #expect(app.lines[22].contains("Signed in · " + String(message.prefix(20))))
    }

    @Test func withoutColourTheStatusLineAndTheHighlightStillStandOut() async throws {
        // NO_COLOR drops the colours in the theme; bold and reverse are what remain.
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        let canvas = app.terminal.canvas
        #expect(canvas.style(at: Point(x: 1, y: 22)).reverse, "status line")
        #expect(canvas.style(at: Point(x: 4, y: 6)).reverse, "the wheel's highlight")
        #expect(canvas.style(at: Point(x: 1, y: 0)).bold, "header")
        #expect(canvas.style(at: Point(x: 2, y: 13)).bold, "Next")
    }

    @Test func whileTheStoredProgressLoadsANeutralStartingScreenIsDrawn() {
        var canvas = Canvas(size: Size(width: 60, height: 19))
        let view = NavigationFlowView(state: state([.start]), now: .zero, cEnteredAt: nil, backend: "mock backend")
        view.draw(in: canvas.bounds, on: &canvas)
        #expect(canvas.lines[0] == " Navigation flow")
        #expect(canvas.lines.contains { $0.contains("⠋ Starting…") })
        #expect(canvas.lines[18] == " Starting… · mock backend")
        #expect(canvas.style(at: Point(x: 10, y: 10)).background == nil, "no screen colour before the screen is known")
        #expect(view.isAnimating)
    }

    // MARK: Status line

    @Test func theStatusLineKeepsTheSignInStateFirstAndCutsTheRest() {
        var state = on(.screenB1)
        var line = NavigationStatusLine(state: state, now: .zero, backend: "mock backend (scenario default)")
        #expect(line.text(width: 78) == "Signed in · mock backend (scenario default)")
        #expect(line.text(width: 25) == "Signed in · mock backend…")
        #expect(line.text(width: 20) == "Signed in", "a part cut to a few letters says nothing")
        state = self.state([.start, .progressLoaded(.success(nil)),
                            .loginFinished(attempt: 1, result: .failure(.http(status: 500, body: "")), at: .seconds(10))])
        line = NavigationStatusLine(state: state, now: .milliseconds(10_200), backend: "x")
        #expect(line.login == "Sign-in attempt 1 failed, next try in 1 s: Server error 500")
        #expect(line.text(width: 50) == "Sign-in attempt 1 failed, next try in 1 s: Server…")
        let loading = self.state([.start])
        #expect(NavigationStatusLine(state: loading, now: .zero, backend: "x").text(width: 40) == "Starting… · x")
    }

    @Test func theCheckMarkIsLargeAndSymmetricInItsStrokes() {
        #expect(CheckMark.size == Size(width: 28, height: 8))
        #expect(CheckMark.rows.last == "      ████████")
        #expect(CheckMark.rows.allSatisfy { $0.allSatisfy { $0 == " " || $0 == "█" } })
    }
}
