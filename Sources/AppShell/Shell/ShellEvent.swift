import TUI

/// What changes the shell's value (`ShellState.reduce`): screens pushed and left, the words it
/// shows, and the time they go.
package enum ShellEvent: Equatable, Sendable {
    /// A screen was pushed: the launcher (nil), or a challenge's.
    case pushed(ChallengeID?)
    /// The top screen was left (never the launcher).
    case popped
    /// A toast for the screen on top (a feature's `FeatureRequest.toast`, the shell's own words).
    case toast(String, Toast.Kind)
    /// The first frame is on screen; `storeProblem`: why nothing this run does will be kept, if so.
    case firstFrameShown(storeProblem: String?)
    /// A toast's or the notice's timer fired.
    case toastExpired
    /// `n`: opens the network inspector with the keys; gives them back to it when the screen
    /// has them; hides it when it has them.
    case pressedN
    /// A click on the inspector's hide button.
    case inspectorHidden
    /// The inspector takes the keys (a click on its history) or gives them to the screen (a
    /// click or a wheel step over the screen).
    case inspectorFocused(Bool)
    /// A wheel step over the inspector scrolls its list by this many rows (back is positive).
    case inspectorScrolled(by: Int)
    /// Its area holds `visibleRows` rows and `rowCount` requests pass its filter.
    case inspectorLaidOut(visibleRows: Int, rowCount: Int)
    /// A key the inspector takes while it has the keys (`InspectorState.handle`), `rows` those
    /// its filter lets through.
    case inspectorKey(Key, rows: [InspectorModel.Row])
}

/// What the shell's reducer asks its runner (`ChallengeShell`) to do.
package enum ShellEffect: Equatable, Sendable {
    /// Starts `timer` (replacing the one running), to fire at `deadline` on the loop's clock.
    case schedule(ShellTimer, at: Duration)
}
