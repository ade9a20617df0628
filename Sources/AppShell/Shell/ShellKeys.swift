import TUI

/// The keys that work on every screen, and those of the shell's overlays and panels (help, the
/// leave dialog, the network inspector), declared once. The shell's key bar ends with the first
/// ones; help lists them under "Everywhere"; Docs/keys.md and the README's key table are written
/// from them.
package enum ShellKeys {
    /// What the global keys' declarations read.
    package struct Context: Hashable, Sendable {
        /// The launcher is on top: `q` quits rather than leaves.
        package var onLauncher: Bool
        /// A text field has the keys: `q`, `?`, `n`, `f` are typed.
        package var capturesText: Bool
        package var showsInspector: Bool
        /// The inspector has the keys (the screen beside it doesn't).
        package var inspectorHasFocus = false
        /// Esc is the screen's own now (a back of its own, a field to leave).
        package var screenTakesEscape = false
    }

    /// What a global key asks of the shell.
    package enum Command: Sendable, Equatable {
        /// Out of the challenge, asking first if it wants (the back of a screen with none of its own).
        case back
        case help
        /// Leave the challenge; quit from the launcher.
        case leaveOrQuit
        case network
        case faults
        case timeline

        /// The live tools work on every screen and come before it; `?`, `q` and back are what a
        /// screen leaves unused.
        package var comesBeforeTheScreen: Bool {
            switch self {
            case .network, .faults, .timeline: true
            case .back, .help, .leaveOrQuit: false
            }
        }
    }

    package static let global = KeyMap<Context, Command>("Everywhere", [
        // One rule for back (Docs/keys.md, "Back"): a screen with a back of its own declares
        // Esc itself; everywhere else in a challenge it leaves, as `q`.
        {
            var back = KeyBinding<Context, Command>(
                [.escape, .left, .backspace], bar: "Esc", label: "back",
                help: "leave, on a screen with no back of its own",
                when: { !$0.onLauncher && !$0.capturesText && !$0.screenTakesEscape && !$0.inspectorHasFocus },
                action: { _, context in context.capturesText || context.inspectorHasFocus ? nil : .back })
            // Nothing to go back to from the launcher: its help leaves it out.
            back.isPresent = { !$0.onLauncher }
            return back
        }(),
        KeyBinding(
            [.char("?"), .function(1)], bar: "?", label: "help", help: "this help (F1 also in a text field)",
            importance: .essential, when: { !$0.capturesText },
            action: { key, context in key == .function(1) || !context.capturesText ? .help : nil }),
        // In a text field `?` is typed: the bar says which key still opens help. (F1 is handled
        // with `?` above; this entry only names it.)
        KeyBinding(
            [], names: "F1", bar: "F1", label: "help in a text field", help: "help in a text field (where ? is typed)",
            importance: .essential, when: { $0.capturesText }, barLabel: { _ in "help" }),
        KeyBinding(
            [.char("q")], bar: "q", label: "leave / quit", help: "leave the challenge; quit from the launcher",
            importance: .essential, when: { !$0.capturesText }, barLabel: { $0.onLauncher ? "quit" : "leave" },
            action: { _, context in context.capturesText ? nil : .leaveOrQuit }),
        // The live tools: last on the bar, shown when there is room.
        KeyBinding(
            [.char("n")], bar: "n", label: "network", help: "network inspector: every request, live",
            importance: .extra, when: { !$0.capturesText },
            barLabel: { context in
                guard context.showsInspector else { return "network" }
                return context.inspectorHasFocus ? "hide network" : "to network"
            },
            action: { _, context in context.capturesText ? nil : .network }),
        KeyBinding(
            [.char("f")], bar: "f", label: "faults", help: "fault panel: the mock's delays and failures",
            importance: .extra, when: { !$0.capturesText },
            action: { _, context in context.capturesText ? nil : .faults }),
        KeyBinding(
            [.char("t")], bar: "t", label: "timeline", help: "timeline: the last events, the screen after each",
            importance: .extra, when: { !$0.capturesText && !$0.onLauncher },
            // On the launcher too: it says there what the timeline is for.
            action: { _, context in context.capturesText ? nil : .timeline }),
        KeyBinding([.ctrl("c")], bar: nil, label: "quit at once", help: "quit at once, from anywhere"),
        // Handled by the event loop, ahead of every screen (Docs/keys.md, "Everywhere").
        KeyBinding(
            [.ctrl("l")], bar: nil, label: "redraw",
            help: "draw the screen afresh (wipes what another program wrote)"),
        KeyBinding(
            [], names: "click", bar: nil, label: "press",
            help: "on the key bar: press that key; on a button: press it (see each screen)"),
    ])

    /// What a key does to help.
    package enum HelpKey: Sendable {
        case close
        case scroll(ListState.Move)
    }

    /// What help's key declarations read: whether it is taller than its box.
    package static let help = KeyMap<Bool, HelpKey>("Help", [
        closeHelp,
        KeyBinding(
            [.up, .down, .char("k"), .char("j"), .pageUp, .pageDown, .home, .end], bar: "↑↓", label: "scroll",
            help: "scroll it, when it is taller than the terminal", when: { $0 },
            action: { key, _ in ListState.Move(key: key).map { .scroll($0) } }),
        KeyBinding([], names: "click", bar: nil, label: "close", help: "anywhere: close help"),
        KeyBinding([], names: "wheel", bar: nil, label: "scroll", help: "scroll it"),
    ])
    package static let closeHelp = KeyBinding<Bool, HelpKey>(
        [.escape, .enter, .char("?"), .char("q"), .left, .backspace], bar: "Esc", label: "close help", help: "close help",
        importance: .essential, action: { _, _ in .close })

    /// "Discard unsaved changes?": No has the focus, so losing edits takes a deliberate `y` (or
    /// moving to Yes first).
    package static let leaveDialog = KeyMap<Void, Never>("Leave dialog", YesNoQuestion.movingKeys() + [
        leave, stay,
        KeyBinding([.char("?"), .function(1)], bar: nil, label: "help", help: "these keys"),
        KeyBinding([], names: "click", bar: nil, label: "press", help: "on Yes or No: press it; elsewhere nothing"),
    ])
    package static let leave = KeyBinding<Void, Never>(
        [.char("y"), .char("Y")], bar: "y", label: "yes", help: "leave, dropping the unsaved changes", importance: .essential)
    package static let stay = KeyBinding<Void, Never>(
        [.char("n"), .char("N"), .escape, .char("q")], bar: "n", label: "no", help: "stay on the screen",
        importance: .essential)

    /// The network inspector's keys while it has them (`n` gives them to it; the shell's `?`,
    /// `q`, `n`, `f` work too); the screen beside it gets none until Esc.
    package static let inspector = KeyMap<InspectorState, Never>("Network inspector", [
        KeyBinding(
            [.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "scroll", help: "select a row: ↑ older, ↓ newer (the list scrolls along)",
            when: { !$0.isEditingFilter && $0.detailID == nil }),
        KeyBinding([.pageUp, .pageDown], bar: nil, label: "page", help: "a page older or newer", when: { !$0.isEditingFilter && $0.detailID == nil }),
        KeyBinding(
            [.home, .end], bar: nil, label: "oldest / newest",
            help: "the oldest requests; the newest again (new ones then scroll in)",
            when: { !$0.isEditingFilter && $0.detailID == nil }),
        // A narrow bar keeps the way back to the screen before the filter.
        KeyBinding(
            [.char("/")], bar: "/", label: "filter", help: "filter the rows by verb, path or status",
            importance: .secondary, when: { !$0.isEditingFilter && $0.detailID == nil },
            barLabel: { $0.filterText.isEmpty ? "filter" : "change filter" }),
        KeyBinding(
            [.enter], bar: nil, label: "detail", help: "the selected request in full: URL, attempts, headers, answer",
            when: { !$0.isEditingFilter && $0.detailID == nil }),
        KeyBinding([.escape, .enter], bar: "Esc", label: "close detail", help: "in the detail: back to the rows", when: { $0.detailID != nil }),
        KeyBinding(
            [.escape], bar: "Esc", label: "to screen", help: "give the keys back to the screen (the inspector stays)",
            when: { !$0.isEditingFilter && $0.detailID == nil }),
        KeyBinding(
            [], names: "typing", bar: nil, label: "filter",
            help: "in the filter: the rows narrow as you type (← → Home End Backspace edit)",
            when: { $0.isEditingFilter }),
        KeyBinding([.enter], bar: "Enter", label: "keep filter", help: "in the filter: keep it", when: { $0.isEditingFilter }),
        KeyBinding(
            [.escape], bar: "Esc", label: "clear filter", help: "in the filter: clear it", when: { $0.isEditingFilter }),
        KeyBinding([.char("n")], bar: nil, label: "hide", help: "hide it (from the screen, n gives it the keys again)"),
        KeyBinding([], names: "wheel", bar: nil, label: "scroll", help: "over it: scroll, with or without the keys"),
        KeyBinding(
            [], names: "click", bar: nil, label: "take the keys",
            help: "on it: give it the keys; on its n hide: hide it (even while a field takes the n); on the screen: the keys go back"),
    ])
}
