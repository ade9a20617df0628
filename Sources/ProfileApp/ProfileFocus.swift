import AppShell
import Contract
import Core
import Profile
import TUI

/// What has the keyboard on the profile screen.
///
/// The order is the issue's — First Name, Last Name, SAVE CHANGES, Current Password, New
/// Password, Re-enter Password, SAVE CHANGES — with the header's `‹ Dashboard` button before
/// them, where it sits on screen. The form opens with no stop focused (`outside`, between
/// `‹ Back` and First Name), so no field takes the keys until the user moves into one: the
/// shell's keys (`?`, `q`, `n`, `f`, `t`) work at once (Docs/keys.md, "Forms"). Tab and
/// Shift-Tab go round (so Tab after the last SAVE CHANGES reaches `‹ Back`, then First Name);
/// ↓ and ↑ stop at the ends, as a list does.
package enum ProfileFocus: Hashable, Sendable {
    /// No stop: nothing is highlighted and no field takes the keys.
    case outside
    case back
    case field(ProfileField)
    case save(ProfileSection)

    package static let initial = ProfileFocus.outside

    package static let order: [ProfileFocus] = [
        .back,
        .field(.firstName), .field(.lastName), .save(.basicInformation),
        .field(.currentPassword), .field(.newPassword), .field(.passwordConfirmation), .save(.password),
    ]

    /// The text field this focus is on, if it is one.
    package var field: ProfileField? {
        if case .field(let field) = self { return field }
        return nil
    }

    /// Tab: the next stop, round to the first after the last.
    package var next: ProfileFocus { step(1, wrapping: true) }
    /// Shift-Tab: the previous stop, round to the last before the first.
    package var previous: ProfileFocus { step(-1, wrapping: true) }
    /// ↓ and Enter in a field: the next stop, staying on the last.
    package var below: ProfileFocus { step(1, wrapping: false) }
    /// ↑: the previous stop, staying on the first.
    package var above: ProfileFocus { step(-1, wrapping: false) }

    private func step(_ offset: Int, wrapping: Bool) -> ProfileFocus {
        let order = Self.order
        // Outside sits between `‹ Back` (index 0) and First Name (index 1).
        guard let index = order.firstIndex(of: self) else { return order[offset > 0 ? 1 : 0] }
        let target = index + offset
        if wrapping { return order[(target % order.count + order.count) % order.count] }
        return order[min(max(0, target), order.count - 1)]
    }
}

/// What the profile view adds to the hit map besides `KeyTarget`s.
package enum ProfileTarget: Hashable, Sendable {
    /// `‹ Dashboard`: back to the launcher, from a field too (where Esc only leaves the field).
    case back
    /// A field's row (label and field): a click gives it the focus.
    case field(ProfileField)
    /// A section's SAVE CHANGES.
    case save(ProfileSection)
}
