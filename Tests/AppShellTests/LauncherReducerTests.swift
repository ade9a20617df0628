@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import ReducerTesting
import Testing
import TUI

/// The launcher's reducer alone (Docs/testing.md, "Reducer tests"): every key's meaning, its
/// reads of the store as effects answered by events, and what it asks of the shell.
@Suite(.timeLimit(.minutes(10))) struct LauncherReducerTests {
    /// The three challenges, then one that keeps nothing between runs.
    static let challenges = Challenge.all + [Challenge.settings]

    func store(_ state: LauncherState = LauncherState(challenges: Self.challenges)) -> TestStore<LauncherState, LauncherState.Event, LauncherState.Effect> {
        TestStore(initialState: state) { state, event, now in state.reduce(event, at: now) }
    }

    @Test func theStoreIsReadOnceTheFirstFrameIsShownAndWheneverAChallengeIsLeft() {
        let store = store()
        store.send(.appeared, effects: [])
        store.send(.firstFrameShown, effects: [.readStandings])
        store.receive(.standingsRead([.navigation: "at A"]), for: .readStandings, effects: []) {
            $0.standings = [.navigation: "at A"]
            $0.hasReadStore = true
        }
        store.send(.uncovered, effects: [.readStandings])
        store.receive(.standingsRead([:]), for: .readStandings, effects: []) { $0.standings = [:] }
        store.send(.left, effects: [])
        store.finish()
    }

    @Test func theListsKeysMoveTheSelectionAndItsLayoutSaysHowManyRowsShow() {
        let store = store()
        store.send(.layout(visibleRows: 2), effects: []) { $0.list.visibleRows = 2 }
        store.send(.move(.down), effects: []) { $0.list.select(1) }
        store.send(.move(.end), effects: []) { $0.list.select(3) }
        store.send(.move(.home), effects: []) { $0.list.select(0) }
        store.finish()
    }

    @Test func openingSelectsTheChallengeAndAsksTheShellToOpenIt() {
        let store = store()
        store.send(.open(2), effects: [.shell(.open(Self.challenges[2].id))]) { $0.list.select(2) }
        store.send(.open(9), effects: [])
        store.finish()
    }

    @Test func theKeyBarReadOnTheStateIsTheCombinedMapsWithAndWithoutTheQuestion() throws {
        let harness = try ShellHarness(challenges: Self.challenges)
        var launcher = LauncherFeature(environment: harness.environment)
        let keys: [Key] = [.down, .down, .up, .up, .char("x")]
        for key in keys {
            #expect(launcher.keyBarItems == launcher.keyMap.barItems(for: launcher))
            if case .send(let event)? = launcher.command(for: key) { _ = launcher.reduce(event, at: .zero) }
        }
        _ = launcher.reduce(.keptRead(index: launcher.state.list.selection, isKept: true), at: .zero)
        #expect(launcher.state.forgetQuestion != nil)
        #expect(launcher.keyBarItems == launcher.keyMap.barItems(for: launcher))
        #expect(launcher.keyBarItems != LauncherState(challenges: Self.challenges).keys.barItems(for: launcher.state))
    }

    @Test func xReadsWhetherTheSelectedChallengeKeepsAnythingThenAsksBeforeForgetting() throws {
        var state = LauncherState(challenges: Self.challenges)
        state.standings = [.navigation: "at B2"]
        let store = store(state)
        store.send(.askToForget, effects: [.readKept(index: 0)])
        let what = try #require(Self.challenges[0].progress?.what)
        store.receive(.keptRead(index: 0, isKept: true), for: .readKept(index: 0), effects: []) {
            $0.forgetQuestion = ForgetQuestion(index: 0, title: "Forget progress", question: "Forget \(what) (at B2)? This can't be undone.")
        }
        // No first (Enter keeps): y forgets.
        store.send(.question(.char("y")), effects: [.forget(index: 0)]) { $0.forgetQuestion = nil }
        store.receive(.forgotten(message: "Forgot it", succeeded: true), for: .forget(index: 0), effects: [
            .shell(.toast("Forgot it", .success)), .readStandings,
        ])
        store.receive(.standingsRead([:]), for: .readStandings, effects: []) {
            $0.standings = [:]
            $0.hasReadStore = true
        }
        store.finish()
    }

    @Test func theQuestionKeepsOnNAndAFailedForgettingSaysWhy() {
        var state = LauncherState(challenges: Self.challenges)
        state.forgetQuestion = ForgetQuestion(index: 1, title: "Forget progress", question: "Forget?")
        var moved = state.forgetQuestion
        _ = moved?.handle(.right)
        #expect(moved != state.forgetQuestion, "→ moves between No and Yes")
        let store = store(state)
        store.send(.question(.right), effects: []) { $0.forgetQuestion = moved }
        store.send(.question(.char("n")), effects: []) { $0.forgetQuestion = nil }
        store.send(.question(.char("y")), effects: [])
        store.send(.forgotten(message: "disk full", succeeded: false), effects: [.shell(.toast("disk full", .error)), .readStandings])
        store.receive(.standingsRead([:]), for: .readStandings, effects: []) { $0.hasReadStore = true }
        store.finish()
    }

    @Test func nothingKeptOrNothingToForgetIsSaidInAToast() {
        let store = store(LauncherState(challenges: Self.challenges, selecting: .settings))
        store.send(.askToForget, effects: [.shell(.toast("\(Challenge.settings.title) keeps nothing between runs", .info))])
        store.send(.keptRead(index: 1, isKept: false), effects: [.shell(.toast("\(Self.challenges[1].title): nothing to forget", .info))])
        store.send(.keptRead(index: 3, isKept: true), effects: [])
        store.finish()
    }

    /// What a key means: the list's keys, Enter and → open, a digit opens that one, x asks;
    /// while the question is asked, its keys only.
    @Test func keysAreCommandsOfTheLauncherOrLeftToTheShell() {
        let state = LauncherState(challenges: Self.challenges)
        #expect(state.command(for: .down) == .send(.move(.down)))
        #expect(state.command(for: .enter) == .send(.open(0)))
        #expect(state.command(for: .right) == .send(.open(0)))
        #expect(state.command(for: .char("3")) == .send(.open(2)))
        #expect(state.command(for: .char("5")) == nil, "four challenges")
        #expect(state.command(for: .char("x")) == .send(.askToForget))
        #expect(state.command(for: .escape) == nil && state.command(for: .char("q")) == nil, "the shell's")
        var asking = state
        asking.forgetQuestion = ForgetQuestion(index: 0, title: "t", question: "q")
        #expect(asking.command(for: .char("q")) == .send(.question(.char("q"))))
        #expect(asking.command(for: .down) == nil || asking.command(for: .down) == .send(.question(.down)))
        #expect(asking.command(for: .function(1)) == nil, "help still opens")
    }
}
