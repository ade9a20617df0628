import TUI

/// The keys that work on every screen, and those of the shell's overlays (help, the leave
/// dialog), declared once. The shell's key bar ends with the first ones; help lists them under
/// "Everywhere"; Docs/keys.md and the README's key table are written from them.
enum ShellKeys {
    /// What the global keys' declarations read.
    struct Context: Hashable, Sendable {
        /// The launcher is on top: `q` quits rather than leaves.
        var onLauncher: Bool
        /// A text field has focus: `q`, `?`, `n`, `f` are typed.
        var capturesText: Bool
        var showsInspector: Bool
    }

    static let global = KeyMap<Context>("Everywhere", [
        KeyBinding(
            [.char("?"), .function(1)], bar: "?", label: "help", help: "this help (F1 also in a text field)",
            importance: .essential, when: { !$0.capturesText }),
        KeyBinding(
            [.char("q")], bar: "q", label: "leave / quit", help: "leave the challenge; quit from the launcher",
            importance: .essential, when: { !$0.capturesText }, barLabel: { $0.onLauncher ? "quit" : "leave" }),
        // The live tools: last on the bar, shown when there is room.
        KeyBinding(
            [.char("n")], bar: "n", label: "network", help: "network inspector: every request, live",
            importance: .extra, when: { !$0.capturesText }, barLabel: { $0.showsInspector ? "hide network" : "network" }),
        KeyBinding(
            [.char("f")], bar: "f", label: "faults", help: "fault panel: the mock's delays and failures",
            importance: .extra, when: { !$0.capturesText }),
        KeyBinding(
            [.char("t")], bar: "t", label: "timeline", help: "timeline: the challenge's last events, the screen as it was after each",
            importance: .extra, when: { !$0.capturesText && !$0.onLauncher }),
        KeyBinding([.ctrl("c")], bar: nil, label: "quit at once", help: "quit at once, from anywhere"),
    ])

    /// `?`: any of these closes it.
    static let help = KeyMap<Void>("Help", [
        KeyBinding(
            [.escape, .enter, .char("?"), .char("q"), .left, .backspace], bar: "Esc", label: "close help",
            help: "close help (a click anywhere too)", importance: .essential),
    ])

    /// "Discard unsaved changes?": No has the focus, so losing edits takes a deliberate `y`.
    static let leaveDialog = KeyMap<Void>("Leave dialog", [leave, stay])
    static let leave = KeyBinding<Void>(
        [.char("y"), .char("Y")], bar: "y", label: "yes", help: "leave, dropping the unsaved changes", importance: .essential)
    static let stay = KeyBinding<Void>(
        [.char("n"), .char("N"), .escape, .char("q"), .enter], bar: "n", label: "no", help: "stay on the screen",
        importance: .essential)

    /// The network inspector lets every key through to the screen; these are its own.
    static let inspector = KeyMap<Void>("Network inspector", [
        KeyBinding([.char("n")], bar: nil, label: "hide", help: "hide it (a click on its n hide too)"),
        KeyBinding([], names: "mouse wheel", bar: nil, label: "scroll", help: "scroll back through the requests"),
    ])
}
