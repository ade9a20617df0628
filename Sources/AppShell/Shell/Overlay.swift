import TUI

/// What the shell shows over the top screen, bottom to top: the fault panel, the leave
/// confirmation, help, the timeline. Each is modal: it takes the keys (`ShellState.reduce`
/// decides what they do), knows how it draws and what its key bar says; the shell keeps them in
/// one stack, in its state, and asks the top one first. (The network inspector is no overlay: it
/// shares the terminal with the screen, `ShellLayout`.) See Docs/live-tools.md.
package enum Overlay: Equatable, Sendable {
    /// `f`: delays and failures of the mock backend.
    case faults(FaultPanelState)
    /// Before leaving a screen with unsaved edits.
    case leaveConfirmation(LeaveDialog)
    /// `?`: the keys of what has the keys under it, then those that work everywhere; `scroll`
    /// is how many lines it is scrolled down when taller than the terminal.
    case help(scroll: Int)
    /// `t`: the top screen's last events; the screen is drawn as it was after the selected one.
    case timeline(TimelineState)

    /// What a key did to the leave question.
    package enum KeyOutcome: Equatable {
        /// Used; nothing else happens.
        case handled
        /// Close this overlay.
        case close
        /// Close it and leave the screen (the confirmation's Yes).
        case closeAndLeave
        /// Open help over it, for its keys (`?`, F1).
        case help
    }

    /// Help's scroll after `key` (nil: close it); `limit`: its lines beyond its box.
    package static func helpScroll(_ scroll: Int, after key: Key, limit: Int) -> Int? {
        // Every other key is swallowed: help is modal.
        switch ShellKeys.help.action(for: key, in: limit > 0) {
        case .close?:
            return nil
        case .scroll(let move)?:
            let page = 5
            let moved = switch move {
            case .up: scroll - 1
            case .down: scroll + 1
            case .pageUp: scroll - page
            case .pageDown: scroll + page
            case .home: 0
            case .end: limit
            }
            return min(max(0, moved), limit)
        case nil:
            return scroll
        }
    }

    /// The key bar while this overlay is on top. `helpScrolls`: help is taller than its box.
    package func keyBar(helpScrolls: Bool) -> KeyBar {
        switch self {
        case .faults(let panel): panel.keyBar
        case .leaveConfirmation: KeyBar(ShellKeys.leaveDialog.barItems)
        case .help: KeyBar(ShellKeys.help.barItems(for: helpScrolls))
        case .timeline(let timeline): timeline.keyBar
        }
    }

    /// Draws over `area` (the screen's), dimming it, with what its parts do when clicked: it
    /// takes every click over `area` (help closes, the confirmation's buttons press their keys).
    /// `timeline`: the top screen's, whose events the timeline lists.
    package func draw(
        over area: Rect, on canvas: inout Canvas, help: @autoclosure () -> HelpOverlay, timeline screen: (any TimelineScreen)?
    ) {
        switch self {
        case .faults(let panel):
            panel.panel.draw(in: area, on: &canvas)
        case .leaveConfirmation(let dialog):
            dialog.draw(over: area, on: &canvas)
        case .help:
            help().draw(in: area, on: &canvas)
            canvas.addHitRegion(area, KeyTarget(click: .escape, wheelUp: .up, wheelDown: .down, isOpaque: true))
        case .timeline(let timeline):
            guard let screen else { return }
            timeline.panel(rows: screen.timeline, name: screen.timelineName).draw(in: area, on: &canvas)
        }
    }
}

/// The question before leaving a screen with unsaved edits (the one `YesNoQuestion`: No at
/// first, so Enter keeps the edits).
package struct LeaveDialog: Equatable, Sendable {
    package var ask: YesNoQuestion
    package var focus: YesNoQuestion.Button { ask.focus }

    package init(question: LeaveConfirmation) {
        ask = YesNoQuestion(title: question.title, question: question.question)
    }

    package mutating func handle(_ key: Key) -> Overlay.KeyOutcome {
        switch ask.handle(key, yes: ShellKeys.leave, no: ShellKeys.stay) {
        case .yes: .closeAndLeave
        case .no: .close
        case .help: .help
        case .handled: .handled
        }
    }

    package func draw(over area: Rect, on canvas: inout Canvas) { ask.draw(over: area, on: &canvas) }
}
