import AppShell
import Core
import Navigation
import TUI

/// Screens C1 and C2: the selection in a title field, lorem ipsum in a large text field below,
/// and what C waits for before it moves on to D. On the B3 and noScreenB paths there is no
/// selection: the title field is left out and the text field starts where it would have been,
/// so the margins stay the same.
package struct ScreenCContent: Widget {
    package var state: NavigationState
    package var spinner: String
    /// Whole seconds left of the 3-second minimum, when known.
    package var waitLeft: Int?
    package var base: Style

    /// Rows kept under the text field: one blank, two for the waiting message.
    package static let messageRows = 2

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        var top = rect.y
        if let title = state.cTitle {
            TitleField(label: "Selection", text: title, style: base).draw(in: rect, on: &canvas)
            top += TitleField.height + 1
        }
        let messageTop = max(top, rect.maxY - Self.messageRows)
        let field = Rect(x: rect.x, y: top, width: rect.width, height: max(0, messageTop - 1 - top))
        if field.height >= 3 { LargeTextField(text: LoremIpsum.text, style: base).draw(in: field, on: &canvas) }
        let below = Rect(x: rect.x, y: messageTop, width: rect.width, height: rect.maxY - messageTop)
        TextBlock(message, style: state.login.hasGivenUp ? base.bolded() : base, maxLines: Self.messageRows)
            .draw(in: below, on: &canvas)
    }

    /// What C waits for: sign-in, the 3-second minimum, or the user (sign-in gave up).
    private var message: String {
        switch state.login {
        case .gaveUp(let attempts, let error):
            return "Sign-in gave up after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(error.message).\n\(Wording.retryHint)."
        case .signedIn:
            guard let waitLeft else { return "\(spinner) Signed in; on to D…" }
            return "\(spinner) Signed in; on to D in \(waitLeft) s…"
        default:
            return state.cMinimumElapsed
                ? "\(spinner) Waiting for sign-in…"
                : "\(spinner) Waiting for sign-in (at least 3 s here)…"
        }
    }
}
