import Core
import TUI

/// What the shell's reducer asks its runner (`ChallengeShell`) to do: the screens are objects
/// the runner holds, the mock and the clock are the world's.
package enum ShellEffect: Equatable, Sendable {
    /// Starts `timer` (replacing the one running), to fire at `deadline` on the loop's clock.
    case schedule(ShellTimer, at: Duration)
    /// Stops `timer` (nothing when it isn't running).
    case cancel(ShellTimer)
    /// Gives `key` to the top screen; if it has no use for it, `otherwise` (a global key's
    /// command) comes back as `ShellEvent.command`.
    case toScreen(Key, otherwise: ShellKeys.Command?)
    /// The top screen was left (the state has dropped it): the runner drops the screen, which
    /// disappears, and tells the one under it.
    case screenLeft(ShellState.Entry)
    /// Quit the app (`q` on the launcher).
    case quit
    /// Read the mock as it stands, for the fault panel on `challenge`'s screen (nil: the
    /// launcher's, every challenge's rows), starting on `row`; the answer is
    /// `ShellEvent.faultPanelOpened`.
    case openFaultPanel(on: ChallengeID?, selecting: FaultPanelModel.Row?)
    /// Make these changes to the mock backend: the next request obeys them.
    case changeMock([FaultChange])
    /// Load the scenario of this name; the answer is `ShellEvent.scenarioLoaded` or
    /// `.scenarioFailed`.
    case loadScenario(String)
}
