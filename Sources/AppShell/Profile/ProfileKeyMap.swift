import Contract
import Profile
import TUI

/// What a key asks of the profile screen. The screen applies it; nothing else decides.
enum ProfileCommand: Equatable, Sendable {
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

/// The profile screen's keys, in one place.
///
/// - Esc always leaves (through the shell, which asks about unsaved edits first). ← and
///   Backspace leave too, except in a text field, where they edit.
/// - Tab/Shift-Tab go round the focus stops; ↓/↑ (and j/k on a button) move without wrapping.
/// - Enter (or Space) on SAVE CHANGES submits its section; on `‹ Dashboard` it leaves; in a text
///   field Enter moves on to the next stop.
/// - In a text field every other key is the field's, so `q` and `?` are typed, not commands.
/// - `r` retries a failed load; it is a command only where it can't be typed (no form shown).
enum ProfileKeyMap {
    /// `nil`: the screen has no use for the key (the shell may: `q` leaves, `?` opens help).
    static func command(for key: Key, focus: ProfileFocus, state: ProfileState) -> ProfileCommand? {
        guard state.showsForm else {
            switch key {
            case .escape, .left, .backspace: return .leave
            case .char("r") where state.canRetryLoad: return .retryLoad
            default: return nil
            }
        }
        switch key {
        case .escape: return .leave
        case .tab: return .focus(focus.next)
        case .backTab: return .focus(focus.previous)
        case .down: return .focus(focus.below)
        case .up: return .focus(focus.above)
        default: break
        }
        if let field = focus.field {
            return key == .enter ? .focus(focus.below) : .edit(field, key)
        }
        switch (key, focus) {
        case (.enter, .save(let section)), (.char(" "), .save(let section)): return .submit(section)
        case (.enter, .back), (.char(" "), .back), (.left, _), (.backspace, _): return .leave
        case (.char("j"), _): return .focus(focus.below)
        case (.char("k"), _): return .focus(focus.above)
        default: return nil
        }
    }

    /// What the key bar offers for the focus (the shell adds `? help · q leave` when no text
    /// field has focus).
    static func keyBarItems(focus: ProfileFocus, state: ProfileState) -> [KeyBar.Item] {
        guard state.showsForm else {
            return state.canRetryLoad ? [KeyBar.Item("r", "retry"), KeyBar.Item("Esc", "back")] : [KeyBar.Item("Esc", "back")]
        }
        let move = KeyBar.Item("Tab ↑↓", "move")
        switch focus {
        case .field: return [move, KeyBar.Item("Enter", "next"), KeyBar.Item("Esc", "back")]
        case .save: return [move, KeyBar.Item("Enter", "save"), KeyBar.Item("Esc", "back")]
        case .back: return [move, KeyBar.Item("Enter", "back to the launcher")]
        }
    }
}
