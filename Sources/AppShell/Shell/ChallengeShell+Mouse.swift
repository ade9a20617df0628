import TUI

/// Clicks and the wheel. The last frame's hit map says what was drawn under the pointer; the
/// event goes to the topmost region that takes it, as a click in a browser bubbles up:
/// - a `KeyTarget` (a button, a key bar item, a list's wheel, a modal's backdrop) presses its
///   keys through `handle(_:_:)`, so it does exactly what those keys do, overlays first;
/// - the live tools' own targets (the inspector's history, the fault panel's rows) go to them; a
///   click on the inspector gives it the keys, any event over the screen gives them back;
/// - anything else is the top screen's (a row, a field), which may decline it.
/// Only left presses and wheel steps do something; releases and other buttons do nothing. See
/// Docs/mouse-and-paste.md.
extension ChallengeShell {
    package func handle(_ event: MouseEvent, _ run: RunContext<ShellMessage>) {
        switch event.action {
        case .press(.left), .wheelUp, .wheelDown: break
        case .press, .release: return
        }
        // Over the screen, the screen gets the keys back from the inspector: the click or wheel
        // is the screen's, and so are the keys that follow (the key bar says so).
        if overlays.isEmpty, inspectorHasFocus, layout(for: run.terminalSize).screen.contains(event.point) {
            reduce(.inspectorFocused(false))
        }
        for target in hitMap.targets(at: event.point) where deliver(event, to: target, run) { return }
    }

    /// Whether `target` took the event (nothing under it gets it then).
    private func deliver(_ event: MouseEvent, to target: any Hashable & Sendable, _ run: RunContext<ShellMessage>) -> Bool {
        switch target {
        case let keys as KeyTarget:
            let pressed = keys.keys(for: event)
            for key in pressed { dispatch(key, run) }
            return !pressed.isEmpty || keys.isOpaque
        case let inspector as InspectorPanel.Target:
            switch (inspector, event.action) {
            case (.hide, .press): reduce(.inspectorHidden)
            case (.history, .press): reduce(.inspectorFocused(true))
            case (_, .wheelUp): reduce(.inspectorScrolled(by: InspectorPanel.wheelStep))
            case (_, .wheelDown): reduce(.inspectorScrolled(by: -InspectorPanel.wheelStep))
            default: break
            }
            return true
        case let row as TimelinePanel.Target:
            guard case .press(.left) = event.action, case .row(let sequence) = row else { return false }
            reduce(.timelineClicked(sequence: sequence, rows: timelineScreen?.timeline ?? []))
            return true
        case let row as FaultPanel.Target:
            // The wheel is the panel box's (it moves the selection).
            guard case .press(.left) = event.action else { return false }
            reduce(.faultPanelClicked(row))
            return true
        default:
            guard let top, let context else { return false }
            return top.handle(event, on: target, context) == .handled
        }
    }
}
