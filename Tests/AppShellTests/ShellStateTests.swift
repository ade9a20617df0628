@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import ReducerTesting
import Testing
import TUI

/// The shell's value alone (Docs/architecture.md, "The shell"): the ids it mints, the toast
/// that belongs to the screen on top, the notice, and the timers they ask for.
@Suite(.timeLimit(.minutes(2))) struct ShellStateTests {
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
        store.send(.popped, effects: []) { $0.screens.removeLast() }
        store.send(.popped, effects: [])
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
        store.send(.popped, effects: []) {
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
        store.send(.inspectorKey(.char("/"), rows: []), effects: []) { _ = $0.inspector?.handle(.char("/")) }
        #expect(store.state.inspector?.isEditingFilter == true)
        store.send(.inspectorHidden, effects: []) { $0.inspector = nil }
        store.finish()
    }
}
