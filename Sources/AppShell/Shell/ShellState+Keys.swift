import TUI

/// Where a key goes (Docs/keys.md): to the top overlay first, then to the inspector while it has
/// the keys, then the live tools' keys (unless a text field has focus), then the top screen
/// (`ShellEffect.toScreen`), then `?`, `q` and back where the screen had no use for the key.
extension ShellState {
    mutating func handle(_ key: Key, _ facts: ShellKeyFacts, at now: Duration) -> [ShellEffect] {
        if let overlay = overlays.last { return handle(key, over: overlay, facts) }
        // The inspector, while it has the keys, takes its own; the shell's `?`, `q`, `n`, `f`
        // still work, and nothing reaches the screen.
        if var focused = inspector, focused.isFocused, focused.handle(key, rows: facts.inspectorRows) == .handled {
            inspector = focused
            return []
        }
        // What a global key does is read from its declaration (`ShellKeys.global`).
        let global = ShellKeys.global.action(for: key, in: facts.context)
        if let global, global.comesBeforeTheScreen { return perform(global, facts, at: now) }
        if inspector?.isFocused != true { return [.toScreen(key, otherwise: global)] }
        return global.map { perform($0, facts, at: now) } ?? []
    }

    /// What a global key asks of the shell.
    mutating func perform(_ command: ShellKeys.Command, _ facts: ShellKeyFacts, at now: Duration) -> [ShellEffect] {
        switch command {
        case .network:
            return reduce(.pressedN, at: now)
        case .timeline:
            // On the launcher, or before anything happened, a word instead.
            guard top?.challenge != nil, facts.timelineEvents > 0 else {
                return show("The timeline lists a challenge's events: open one first", .info, at: now)
            }
            overlays.append(.timeline(TimelineState()))
            return []
        case .faults:
            return [.openFaultPanel(on: currentChallenge, selecting: faultMemory.row(on: currentChallenge))]
        case .help:
            overlays.append(.help(scroll: 0))
            return []
        case .leaveOrQuit:
            return screens.count > 1 ? leave(facts) : [.quit]
        // Back, where the screen has none of its own: out of the challenge, as `q`.
        case .back:
            return leave(facts)
        }
    }

    /// Leaves the top screen, asking first if it wants.
    private mutating func leave(_ facts: ShellKeyFacts) -> [ShellEffect] {
        guard screens.count > 1 else { return [] }
        if let question = facts.leaveQuestion {
            overlays.append(.leaveConfirmation(LeaveDialog(question: question)))
            return []
        }
        return leaveTop()
    }

    /// The top overlay takes every key: it is modal.
    private mutating func handle(_ key: Key, over overlay: Overlay, _ facts: ShellKeyFacts) -> [ShellEffect] {
        let top = overlays.count - 1
        switch overlay {
        case .faults(var panel):
            switch panel.handle(key) {
            case .close:
                faultMemory.close(panel, on: currentChallenge)
                overlays.removeLast()
                return []
            case .change(let changes):
                overlays[top] = .faults(panel)
                return changes.isEmpty ? [] : [.changeMock(changes)]
            case .load(let name):
                overlays[top] = .faults(panel)
                return [.loadScenario(name)]
            }
        case .leaveConfirmation(var dialog):
            switch dialog.handle(key) {
            case .handled: overlays[top] = .leaveConfirmation(dialog)
            case .close: overlays.removeLast()
            case .closeAndLeave:
                overlays.removeLast()
                return leaveTop()
            case .help: overlays.append(.help(scroll: 0))
            }
            return []
        case .help(let scroll):
            if let scroll = Overlay.helpScroll(scroll, after: key, limit: facts.helpScrollLimit) {
                overlays[top] = .help(scroll: scroll)
            } else {
                overlays.removeLast()
            }
            return []
        case .timeline(var timeline):
            if key == .char("?") || key == .function(1) {
                overlays.append(.help(scroll: 0))
            } else if timeline.handle(key, rows: facts.timelineRows) {
                overlays[top] = .timeline(timeline)
            } else {
                overlays.removeLast()
            }
            return []
        }
    }
}
