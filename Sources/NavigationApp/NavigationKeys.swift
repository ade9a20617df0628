import AppShell
import Core
import Navigation
import TUI

/// The one place where keys become the flow's events: the declarations below, each with the
/// event it sends. A key that does nothing on the current screen maps to nil, so the shell's own
/// keys (`?`, `q`) keep working and no key is swallowed for nothing.
package enum NavigationKeys {
    package static func event(for key: Key, in state: NavigationState) -> NavigationEvent? {
        keyMap.action(for: key, in: state)
    }

    /// What a click on one of the flow's own regions sends: exactly the events of the keys that
    /// do the same (choosing B1's third choice from the first is ↓ ↓; checking a B2 option is the
    /// moves to it, then Space), or nil when those keys do nothing here. The buttons (Next, C's
    /// back) are `KeyTarget`s: the shell presses their keys.
    package static func events(for mouse: MouseEvent, on target: NavigationTarget, in state: NavigationState) -> [NavigationEvent]? {
        guard case .press(.left) = mouse.action, case .choice(let index) = target, state.screen == .b1 || state.screen == .b2 else {
            return nil
        }
        let current = state.screen == .b1 ? state.b1Selection : state.b2Cursor
        var keys = Array(repeating: index > current ? Key.down : .up, count: abs(index - current))
        if state.screen == .b2 { keys.append(.char(" ")) }
        let events = keys.compactMap { event(for: $0, in: state) }
        guard events.count == keys.count, !events.isEmpty else { return nil }
        return events
    }

    /// The flow's keys, declared once: the key bar shows those that work now (the shell adds
    /// `? help · q leave`), help and Docs/navigation.md list them all.
    package static let keyMap = KeyMap<NavigationState, NavigationEvent>("Navigation flow", [
        KeyBinding(
            [.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "move", help: "turn B1's wheel, move B2's cursor",
            scope: "B1, B2", when: { $0.acceptsMoves }, barLabel: { $0.screen == .b1 ? "choose" : "move" },
            action: { key, state in state.acceptsMoves ? (key == .up || key == .char("k") ? .moveUp : .moveDown) : nil }),
        KeyBinding(
            [.char(" ")], bar: "Space", label: "check", help: "check or uncheck the option under the cursor",
            scope: "B2", when: { $0.acceptsToggle }, action: { _, state in state.acceptsToggle ? .toggle : nil }),
        // Next is there while submitting, but pressing it does nothing until the answer comes
        // (the reducer's to say, so it is sent; the bar leaves it out).
        KeyBinding(
            [.enter], bar: "Enter", label: "next", help: "Next (after a failed submit: try again)",
            scope: "B1, B2, B3", when: { $0.hasNextButton && $0.submitting == nil },
            action: { _, state in state.hasNextButton ? .next : nil }),
        KeyBinding(
            [.escape, .left, .backspace, .char("<")], bar: "Esc", label: "back", help: "back to the B screen",
            scope: "C1, C2 with a back button", when: { $0.canGoBack }, action: { _, state in state.canGoBack ? .back : nil }),
        // Listed whenever it works: after a failed submit Enter tries again too, and the bar
        // says both.
        KeyBinding(
            [.char("r")], bar: "r", label: "retry", help: "try again: A's fetch, B's submit, a sign-in that gave up",
            scope: "after a failure", when: { $0.canRetry }, action: { _, state in state.canRetry ? .retry : nil }),
        KeyBinding(
            [], names: "click", bar: nil, label: "choose / press",
            help: "on a choice: choose it (B1) or check it (B2); on Next or the back button: press it"),
        KeyBinding([], names: "wheel", bar: nil, label: "move", help: "over the choices: as ↑ ↓", scope: "B1, B2"),
    ])
}

/// What the flow's views add to the hit map besides buttons.
package enum NavigationTarget: Hashable, Sendable {
    /// B1's choice or B2's option at this index.
    case choice(Int)
}
