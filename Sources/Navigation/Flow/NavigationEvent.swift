import Contract
import Core

/// Everything that can happen to the flow: user intents (already translated from keys by the
/// UI) and the results of effects (sent by the runtime).
public enum NavigationEvent: Hashable, Sendable {
    // MARK: Lifecycle
    /// The flow was launched (from the launcher or `--challenge navigation`): loads the stored
    /// progress and starts rLogin.
    case start
    /// The user leaves the flow (`q`): everything in flight is cancelled.
    case leave

    // MARK: User intents
    /// ↑ / k: B1's wheel up, B2's cursor up.
    case moveUp
    /// ↓ / j.
    case moveDown
    /// Space: B2 checks (or unchecks) the option under the cursor.
    case toggle
    /// Enter or the Next button on B1, B2, B3.
    case next
    /// Esc, ←, Backspace or the `<` button: only C1/C2 have one.
    case back
    /// `r`: tries again whatever failed here (the fetch on A, the submit on B1/B2, rLogin after
    /// it gave up).
    case retry

    // MARK: Effect results
    case progressLoaded(Result<NavigationProgress?, StoreError>)
    /// `at`: time since the flow started, from the runtime's clock (for "next try in S s").
    case loginFinished(attempt: Int, result: Result<SessionID, APIError>, at: Duration)
    case experimentsFetched(Result<Experiment, APIError>)
    /// `error` is `nil` on success.
    case submitFinished(Submission, error: APIError?)
    case timerFired(TimerID)
    case progressSaved(revision: Int)
    case progressSaveFailed(StoreError, revision: Int)
}
