import TUI

/// What changes the shell's value (`ShellState.reduce`): screens pushed and left, the words it
/// shows, and the time they go.
enum ShellEvent: Equatable, Sendable {
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
}

/// What the shell's reducer asks its runner (`ChallengeShell`) to do.
enum ShellEffect: Equatable, Sendable {
    /// Starts `timer` (replacing the one running), to fire at `deadline` on the loop's clock.
    case schedule(ShellTimer, at: Duration)
}
