import AppShell
import Contract
import Core
import Profile
import TUI

/// What a key asks of the profile screen. The screen applies it; nothing else decides.
package enum ProfileCommand: Equatable, Sendable {
    /// Back to the launcher (asking first when there are unsaved edits).
    case leave
    case focus(ProfileFocus)
    /// SAVE CHANGES of a section.
    case submit(ProfileSection)
    /// `r` after a failed load.
    case retryLoad
    /// An editing key for the focused text field (typing, cursor, deletion).
    case edit(ProfileField, Key)
}

/// The profile screen's keys, declared in one place with what each does.
///
/// - The form opens with no stop focused, so no field takes the keys until the user moves into
///   one (Tab, ↓, Enter, a click): `q`, `?`, `n`, `f`, `t` work at once (Docs/keys.md, "Forms").
/// - Esc in a text field leaves the field (the edits stay); anywhere else it leaves the screen
///   (through the shell, which asks about unsaved edits first). ← and Backspace leave too,
///   except in a text field, where they edit.
/// - Tab/Shift-Tab go round the focus stops; ↓/↑ (and j/k outside a field) move without wrapping.
/// - Enter (or Space) on SAVE CHANGES submits its section; on `‹ Dashboard` it leaves; in a text
///   field, or before any stop has the focus, Enter moves on to the next stop.
/// - In a text field every other key is the field's, so `q` and `?` are typed, not commands.
/// - `r` retries a failed load; it is a command only where it can't be typed (no form shown).
package enum ProfileKeyMap {
    /// `nil`: the screen has no use for the key (the shell may: `q` leaves, `?` opens help). Read
    /// from the declarations below.
    package static func command(for key: Key, focus: ProfileFocus, state: ProfileState) -> ProfileCommand? {
        keyMap.action(for: key, in: Context(focus: focus, state: state))
    }

    /// What the key declarations read: the focus and the domain's state.
    package struct Context {
        package var focus: ProfileFocus
        package var state: ProfileState
    }

    /// The profile screen's keys, declared once: the key bar shows those that work for the focus
    /// (the shell adds `? help · q leave` when no text field has focus), help lists them all.
    package static let keyMap = KeyMap<Context, ProfileCommand>("Profile", [
        KeyBinding(
            [.tab, .backTab], bar: "Tab ↑↓", label: "next / previous", help: "next / previous stop, going round",
            when: { $0.state.showsForm }, barLabel: { _ in "move" },
            action: { key, context in
                guard context.state.showsForm else { return nil }
                return .focus(key == .tab ? context.focus.next : context.focus.previous)
            }),
        // In a text field j and k are typed.
        KeyBinding(
            [.down, .up, .char("j"), .char("k")], bar: nil, label: "down / up",
            help: "the same, stopping at the ends (j k on a button)", when: { $0.state.showsForm },
            action: { key, context in
                guard context.state.showsForm, key == .down || key == .up || context.focus.field == nil else { return nil }
                return .focus(key == .down || key == .char("j") ? context.focus.below : context.focus.above)
            }),
        KeyBinding(
            [.enter], bar: "Enter", label: "next", help: "in a field: the next stop; on a button: press it",
            when: { $0.state.showsForm },
            barLabel: { context in
                switch context.focus {
                case .outside: "edit"
                case .field: "next"
                case .save: "save"
                case .back: "back to the launcher"
                }
            },
            action: { _, context in
                guard context.state.showsForm else { return nil }
                switch context.focus {
                case .outside, .field: return .focus(context.focus.below)
                case .save(let section): return .submit(section)
                case .back: return .leave
                }
            }),
        KeyBinding(
            [.char(" ")], bar: nil, label: "press a button", help: "on a button: as Enter", when: { $0.state.showsForm },
            action: { _, context in
                guard context.state.showsForm else { return nil }
                switch context.focus {
                case .save(let section): return .submit(section)
                case .back: return .leave
                case .outside, .field: return nil
                }
            }),
        // A command only where it can't be typed (no form shown).
        KeyBinding(
            [.char("r")], bar: "r", label: "retry", help: "load again after a failed load",
            when: { !$0.state.showsForm && $0.state.canRetryLoad },
            action: { _, context in !context.state.showsForm && context.state.canRetryLoad ? .retryLoad : nil }),
        KeyBinding(
            [.escape], bar: "Esc", label: "back",
            help: "in a field: leave it; else leave the screen (asks if unsaved)",
            when: { !($0.state.showsForm && $0.focus == .back) },
            barLabel: { $0.state.showsForm && $0.focus.field != nil ? "leave field" : "back" },
            action: { _, context in context.state.showsForm && context.focus.field != nil ? .focus(.outside) : .leave }),
        KeyBinding(
            [.left, .backspace], bar: nil, label: "back, outside a field", help: "back too, when no field has focus (in one they edit)",
            action: { _, context in context.state.showsForm && context.focus.field != nil ? nil : .leave }),
        // In a text field every key no binding above takes is the field's: `q` and `?` are typed.
        KeyBinding(
            [.right, .home, .end, .delete, .left, .backspace, .ctrl("a"), .ctrl("e"), .ctrl("d"), .ctrl("u"), .ctrl("k"), .ctrl("w")],
            names: "typing", bar: nil, label: "edit the field",
            help: "edit the focused field, with ← → Home End Backspace Delete and Ctrl-A E D U K W",
            when: { $0.state.showsForm && $0.focus.field != nil }, takesEveryKey: true,
            action: { key, context in
                guard context.state.showsForm, let field = context.focus.field else { return nil }
                return .edit(field, key)
            }),
        KeyBinding(
            [], names: "click", bar: nil, label: "focus / press",
            help: "on a field or its label: focus it; on SAVE CHANGES: save; on ‹ Dashboard: back"),
    ])
}
