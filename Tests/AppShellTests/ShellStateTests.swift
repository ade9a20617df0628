@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Core
import ReducerTesting
import Testing
import TUI

/// The shell's value alone (Docs/architecture.md, "The shell"): the ids it mints, the toast
/// that belongs to the screen on top, the notice, and the timers they ask for.
@Suite(.timeLimit(.minutes(10))) struct ShellStateTests {
    func store() -> TestStore<ShellState, ShellEvent, ShellEffect> {
        TestStore(initialState: ShellState()) { state, event, now in state.reduce(event, at: now) }
    }

    @Test func screensAreNumberedInTheOrderTheyOpenAndANumberIsNeverGivenTwice() {
        let store = store()
        store.send(.pushed(nil), effects: []) {
            $0.screens = [.init(id: ScreenID(number: 0), challenge: nil)]
            $0.opened = 1
        }
        store.send(.pushed(.articles), effects: []) {
            $0.screens.append(.init(id: ScreenID(number: 1), challenge: .articles))
            $0.opened = 2
        }
        store.send(.command(.back, Self.back), effects: [.screenLeft(.init(id: ScreenID(number: 1), challenge: .articles))]) {
            $0.screens.removeLast()
        }
        store.send(.command(.back, Self.back), effects: []) // the launcher is never left
        store.send(.pushed(.articles), effects: []) {
            $0.screens.append(.init(id: ScreenID(number: 2), challenge: .articles))
            $0.opened = 3
        }
        #expect(store.state.currentChallenge == .articles && store.state.opened == 3)
        store.finish()
    }

    @Test func aToastBelongsToTheScreenOnTopAndGoesWhenItIsCoveredOrLeftOrDue() {
        let store = store()
        store.send(.toast("no screen yet", .info), effects: [])
        store.send(.pushed(nil), effects: []) {
            $0.screens = [.init(id: ScreenID(number: 0), challenge: nil)]
            $0.opened = 1
        }
        let toast = Toast("kept nothing", kind: .info, deadline: .seconds(3))
        store.send(.toast("kept nothing", .info), effects: [.schedule(.toast, at: .seconds(3))]) {
            $0.toast = .init(toast: toast, owner: ScreenID(number: 0))
        }
        store.send(.pushed(.navigation), effects: []) {
            $0.screens.append(.init(id: ScreenID(number: 1), challenge: .navigation))
            $0.opened = 2
            $0.toast = nil
        }
        store.advance(by: .seconds(1))
        store.send(.toast("saved", .success), effects: [.schedule(.toast, at: .seconds(4))]) {
            $0.toast = .init(toast: Toast("saved", kind: .success, deadline: .seconds(4)), owner: ScreenID(number: 1))
        }
        store.advance(by: .seconds(2))
        store.send(.toastExpired, effects: [])
        store.advance(by: .seconds(1))
        store.send(.toastExpired, effects: []) { $0.toast = nil }
        store.send(.toast("again", .error), effects: [.schedule(.toast, at: .seconds(7))]) {
            $0.toast = .init(toast: Toast("again", kind: .error, deadline: .seconds(7)), owner: ScreenID(number: 1))
        }
        store.send(.command(.back, Self.back), effects: [.screenLeft(.init(id: ScreenID(number: 1), challenge: .navigation))]) {
            $0.screens.removeLast()
            $0.toast = nil
        }
        store.finish()
    }

    @Test func theNoticeSaysOnceTheFirstFrameIsShownThatNothingWillBeKeptForSixSeconds() {
        let store = store()
        store.send(.pushed(nil), effects: []) {
            $0.screens = [.init(id: ScreenID(number: 0), challenge: nil)]
            $0.opened = 1
        }
        store.send(.firstFrameShown(storeProblem: nil), effects: [])
        store.send(.firstFrameShown(storeProblem: "locked"), effects: [.schedule(.notice, at: .seconds(6))]) {
            $0.notice = Toast("Nothing will be kept: locked", kind: .error, deadline: .seconds(6))
        }
        // Pushing a screen leaves the notice: it is the shell's, not a screen's.
        store.send(.pushed(.profile), effects: []) {
            $0.screens.append(.init(id: ScreenID(number: 1), challenge: .profile))
            $0.opened = 2
        }
        store.advance(by: .seconds(6))
        store.send(.toastExpired, effects: []) { $0.notice = nil }
        store.finish()
    }

    /// `n` opens the inspector with the keys, gives them back when the screen has them, and
    /// hides it when it has them; clicks move the keys and the wheel scrolls it.
    @Test func nAndTheMouseDecideWhereTheInspectorIsAndWhoHasTheKeys() {
        let store = store()
        store.send(.inspectorFocused(true), effects: [])
        store.send(.inspectorScrolled(by: 3), effects: [])
        store.send(.pressedN, effects: []) { $0.inspector = InspectorState() }
        store.send(.inspectorFocused(false), effects: []) { $0.inspector?.isFocused = false }
        store.send(.pressedN, effects: []) { $0.inspector?.isFocused = true }
        store.send(.pressedN, effects: []) { $0.inspector = nil }
        store.send(.pressedN, effects: []) { $0.inspector = InspectorState() }
        store.send(.inspectorLaidOut(visibleRows: 4, rowCount: 10), effects: []) { $0.inspector?.layout(visibleRows: 4, rowCount: 10) }
        store.send(.inspectorScrolled(by: 3), effects: []) { $0.inspector?.scrollView(by: 3) }
        #expect(store.state.inspector?.scroll == 3)
        let focused = ShellKeys.Context(onLauncher: false, capturesText: false, showsInspector: true, inspectorHasFocus: true)
        store.send(.key(.char("/"), ShellKeyFacts(context: focused)), effects: []) { _ = $0.inspector?.handle(.char("/")) }
        #expect(store.state.inspector?.isEditingFilter == true)
        store.send(.inspectorHidden, effects: []) { $0.inspector = nil }
        store.finish()
    }

    // MARK: Keys and overlays

    /// Back, on a screen that asks nothing before it is left.
    static let back = ShellKeyFacts(context: ShellKeys.Context(onLauncher: false, capturesText: false, showsInspector: false))

    /// What the global keys read on a challenge's screen with nothing taking the text.
    static let onAChallenge = ShellKeys.Context(onLauncher: false, capturesText: false, showsInspector: false)

    /// A store on the launcher with `challenge` open over it.
    func storeWith(_ challenge: ChallengeID?) -> TestStore<ShellState, ShellEvent, ShellEffect> {
        var state = ShellState()
        _ = state.reduce(.pushed(nil), at: .zero)
        if let challenge { _ = state.reduce(.pushed(challenge), at: .zero) }
        return TestStore(initialState: state) { state, event, now in state.reduce(event, at: now) }
    }

    @Test func aKeyGoesToTheScreenWithTheGlobalCommandToRunIfTheScreenHasNoUseForIt() {
        let store = storeWith(.articles)
        let facts = ShellKeyFacts(context: Self.onAChallenge)
        store.send(.key(.down, facts), effects: [.toScreen(.down, otherwise: nil)])
        store.send(.key(.char("q"), facts), effects: [.toScreen(.char("q"), otherwise: .leaveOrQuit)])
        store.send(.key(.escape, facts), effects: [.toScreen(.escape, otherwise: .back)])
        // In a text field `q` is typed: no command comes back.
        let typing = ShellKeyFacts(context: .init(onLauncher: false, capturesText: true, showsInspector: false))
        store.send(.key(.char("q"), typing), effects: [.toScreen(.char("q"), otherwise: nil)])
        store.finish()
    }

    @Test func qLeavesAChallengeAskingFirstWhenItHasUnsavedEditsAndQuitsFromTheLauncher() {
        let store = storeWith(.profile)
        let question = LeaveConfirmation(title: "Unsaved changes", question: "Discard them?")
        let asking = ShellKeyFacts(context: Self.onAChallenge, leaveQuestion: question)
        store.send(.command(.leaveOrQuit, asking), effects: []) {
            $0.overlays = [.leaveConfirmation(LeaveDialog(question: question))]
        }
        // The question has the keys: Esc keeps the edits, `y` leaves.
        store.send(.key(.escape, asking), effects: []) { $0.overlays = [] }
        store.send(.command(.back, asking), effects: []) { $0.overlays = [.leaveConfirmation(LeaveDialog(question: question))] }
        let profile = ShellState.Entry(id: ScreenID(number: 1), challenge: .profile)
        store.send(.key(.char("y"), asking), effects: [.screenLeft(profile)]) {
            $0.overlays = []
            $0.screens.removeLast()
        }
        let onLauncher = ShellKeyFacts(context: .init(onLauncher: true, capturesText: false, showsInspector: false))
        store.send(.command(.leaveOrQuit, onLauncher), effects: [.quit])
        store.send(.command(.back, onLauncher), effects: [])
        store.finish()
    }

    @Test func helpIsModalScrollsWithinItsLimitAndClosesOverTheTimelineItWasOpenedFrom() {
        let store = storeWith(.articles)
        let rows = [TimelineRow(sequence: 1, time: .zero), TimelineRow(sequence: 2, time: .seconds(1))]
        let facts = ShellKeyFacts(context: Self.onAChallenge, helpScrollLimit: 3, timelineEvents: 2, timelineRows: rows)
        store.send(.key(.char("t"), facts), effects: []) { $0.overlays = [.timeline(TimelineState())] }
        store.send(.key(.char("?"), facts), effects: []) { $0.overlays.append(.help(scroll: 0)) }
        store.send(.key(.end, facts), effects: []) { $0.overlays[1] = .help(scroll: 3) }
        store.send(.key(.down, facts), effects: [])
        store.send(.key(.char("x"), facts), effects: []) // swallowed: help is modal
        store.send(.key(.escape, facts), effects: []) { $0.overlays.removeLast() }
        // ↑ selects the older event; Esc is back to the present.
        var older = TimelineState()
        older.select(1, in: rows)
        store.send(.key(.up, facts), effects: []) { $0.overlays = [.timeline(older)] }
        store.send(.timelineClicked(sequence: 2, rows: rows), effects: []) { $0.overlays = [.timeline(TimelineState())] }
        store.send(.key(.escape, facts), effects: []) { $0.overlays = [] }
        store.finish()
    }

    @Test func theTimelineOnTheLauncherOrBeforeAnyEventIsAToastSayingWhatItIsFor() {
        let store = storeWith(nil)
        let toast = Toast("The timeline lists a challenge's events: open one first", kind: .info, deadline: .seconds(3))
        store.send(.key(.char("t"), ShellKeyFacts(context: .init(onLauncher: true, capturesText: false, showsInspector: false))),
                   effects: [.schedule(.toast, at: .seconds(3))]) {
            $0.toast = .init(toast: toast, owner: ScreenID(number: 0))
        }
        store.finish()
    }

    /// The fault panel holds no backend: its edits come back as the changes for the runner to
    /// make, a scenario is loaded by the runner and its answer applied, and the row chosen is
    /// kept for the next opening on the same screen.
    @Test func theFaultPanelsEditsAreEffectsForTheMockAndItsRowIsKept() {
        let store = storeWith(.articles)
        let facts = ShellKeyFacts(context: Self.onAChallenge)
        store.send(.key(.char("f"), facts), effects: [.openFaultPanel(on: .articles, selecting: nil)])
        let instant: [EndpointName: EndpointBehaviour] = [.articles: .instant, .images: .instant]
        let model = FaultPanelModel(
            challenges: [Challenge.articles], behaviours: instant, choiceValues: [:],
            scenarioNames: ["default", "flaky"], scenarioName: "default")
        let opened = FaultPanelState(model: model, server: "http://127.0.0.1:8080", serverFaults: [])
        store.send(.faultPanelOpened(opened), effects: []) { $0.overlays = [.faults(opened)] }

        // → on the first row (articles): its next outcome, for the runner to make real.
        var edited = opened
        let change = edited.model!.cycleOutcome(by: 1)!
        store.send(.key(.right, facts), effects: [.changeMock([change])]) { $0.overlays = [.faults(edited)] }
        // ↓ only moves: nothing to make.
        edited.model!.move(by: 1)
        store.send(.key(.down, facts), effects: []) { $0.overlays = [.faults(edited)] }
        // A request used up a step: the panel shows what the mock has now.
        let failing = EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.status(500)))
        edited.model!.refresh([.images: failing])
        store.send(.mockChanged([.images: failing]), effects: []) { $0.overlays = [.faults(edited)] }

        // `s`: the next scenario, loaded by the runner.
        _ = edited.model!.pickNextScenario()
        store.send(.key(.char("s"), facts), effects: [.loadScenario("flaky")]) { $0.overlays = [.faults(edited)] }
        let flaky = Scenario(name: "flaky", description: "", defaults: failing, endpoints: [:])
        let changes = edited.model!.apply(flaky, choiceValues: [:])
        #expect(changes.last == .scenario("flaky"))
        store.send(.scenarioLoaded(flaky, choiceValues: [:]), effects: [.changeMock(changes)]) { $0.overlays = [.faults(edited)] }
        edited.model!.failed("no scenario called broken")
        store.send(.scenarioFailed("no scenario called broken"), effects: []) { $0.overlays = [.faults(edited)] }

        // Closed, it keeps the row chosen: the next opening on this screen starts there.
        store.send(.key(.escape, facts), effects: []) {
            $0.overlays = []
            $0.faultMemory.close(edited, on: .articles)
        }
        store.send(.key(.char("f"), facts), effects: [.openFaultPanel(on: .articles, selecting: .endpoint(.images))])
        store.finish()
    }

    @Test func theAnimationTimerRunsExactlyWhileSomethingMoves() {
        let store = storeWith(.articles)
        let frame = Spinner().interval
        store.send(.moving(false), effects: [])
        store.send(.moving(true), effects: [.schedule(.animation, at: frame)]) { $0.isAnimating = true }
        store.send(.moving(true), effects: [])
        store.advance(by: frame)
        // Fired: it runs again only while something still moves.
        store.send(.animationFrame, effects: []) { $0.isAnimating = false }
        store.send(.moving(true), effects: [.schedule(.animation, at: frame * 2)]) { $0.isAnimating = true }
        store.send(.moving(false), effects: [.cancel(.animation)]) { $0.isAnimating = false }
        store.finish()
    }
}
