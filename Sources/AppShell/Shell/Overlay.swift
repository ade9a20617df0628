import TUI

/// What the shell shows over the top screen, bottom to top: the network inspector (a band at the
/// bottom that lets keys through to the screen), the fault panel, the leave confirmation, help.
/// Each knows its keys, how it draws and what its key bar says; the shell keeps them in one
/// stack and asks the top one first. See Docs/live-tools.md.
enum Overlay {
    /// `n`: every request, live. Not modal: the screen keeps its keys.
    case inspector
    /// `f`: delays and failures of the mock backend.
    case faults(FaultPanelController)
    /// Before leaving a screen with unsaved edits.
    case leaveConfirmation(LeaveConfirmation)
    /// `?`: the keys of the screen under it, then those that work everywhere.
    case help([KeyGuide])
    /// `t`: the top screen's last events; the screen is drawn as it was after the selected one.
    case timeline(TimelineController)

    /// What a key did.
    enum KeyOutcome: Equatable {
        /// Used; nothing else happens.
        case handled
        /// Close this overlay.
        case close
        /// Close it and leave the screen (the confirmation's Yes).
        case closeAndLeave
        /// Not this overlay's: the screen (and the shell) may use it.
        case passThrough
    }

    func handle(_ key: Key) -> KeyOutcome {
        switch self {
        case .inspector:
            // `n` closes it, but the shell decides that: in a text field `n` is typed.
            return .passThrough
        case .faults(let panel):
            return panel.handle(key) ? .handled : .close
        case .leaveConfirmation:
            // Enter presses the focused button, which is "No": losing edits takes a deliberate y.
            if ShellKeys.leave.handles(key, in: ()) { return .closeAndLeave }
            return ShellKeys.stay.handles(key, in: ()) ? .close : .handled
        case .help:
            return ShellKeys.help.binding(for: key, in: ()) != nil ? .close : .handled
        case .timeline(let timeline):
            return timeline.handle(key) ? .handled : .close
        }
    }

    /// Whether the screen's own key bar still applies (the overlay lets its keys through).
    var isModal: Bool {
        if case .inspector = self { return false }
        return true
    }

    /// The key bar while this overlay is on top and modal.
    var keyBar: KeyBar? {
        switch self {
        case .inspector: nil
        case .faults(let panel): panel.keyBar
        case .leaveConfirmation: KeyBar(ShellKeys.leaveDialog.barItems)
        case .help: KeyBar(ShellKeys.help.barItems)
        case .timeline(let timeline): timeline.keyBar
        }
    }

    /// Draws over `area` (the whole terminal but the key bar), with what its parts do when
    /// clicked: a modal one takes every click over `area` (help closes, the confirmation's
    /// buttons press `y` and `n`). `inspectorScroll` (rows back from the newest) is kept within
    /// what there is to scroll. Returns the part of `area` still showing the screen (where
    /// toasts go).
    func draw(over area: Rect, on canvas: inout Canvas, inspectorRows: [InspectorModel.Row], inspectorScroll: inout Int) -> Rect {
        switch self {
        case .inspector:
            let panel = InspectorPanel(rows: inspectorRows, scroll: inspectorScroll)
            inspectorScroll = panel.clampedScroll(in: area)
            panel.draw(in: area, on: &canvas)
            return area.divided(InspectorPanel.frame(in: area).height, from: .bottom).remainder
        case .faults(let controller):
            controller.panel.draw(in: area, on: &canvas)
        case .leaveConfirmation(let question):
            let modal = Modal(title: question.title, body: question.question, buttons: ["Yes (y)", "No (n)"], focusedButton: 1)
            modal.draw(in: area, on: &canvas)
            canvas.addHitRegion(area, KeyTarget.backdrop())
            for (frame, key) in zip(modal.buttonFrames(in: area), [Key.char("y"), .char("n")]) {
                canvas.addHitRegion(frame, KeyTarget.press(key))
            }
        case .help(let guides):
            HelpOverlay(guides: guides).draw(in: area, on: &canvas)
            canvas.addHitRegion(area, KeyTarget.backdrop(click: .escape))
        case .timeline(let timeline):
            timeline.panel.draw(in: area, on: &canvas)
        }
        return area
    }
}
