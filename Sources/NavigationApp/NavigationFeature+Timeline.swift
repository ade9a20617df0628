import AppShell
import Core
import Navigation
import TUI

/// How the timeline (`t`) names the flow's events: what came, the screen and the sign-in's
/// state it left ("4.50 s · rLogin answer: 500 (attempt 1) · B2 · next try in 1 s").
/// Docs/recording.md.
extension NavigationFeature {
    package func timelineName(of event: NavigationEvent, at now: Duration) -> String {
        let what = switch event {
        case .start: "flow started"
        case .leave: "flow left"
        case .moveUp: "selection up"
        case .moveDown: "selection down"
        case .toggle: "choice checked or unchecked"
        case .next: "next"
        case .back: "back"
        case .retry: "retry"
        case .progressLoaded(.success(.some)): "stored progress read"
        case .progressLoaded(.success(nil)): "no stored progress"
        case .progressLoaded(.failure(let error)): "stored progress unreadable: \(error.message)"
        case .loginFinished(let attempt, let result, _): "rLogin answer: \(Self.answer(result)) (attempt \(attempt))"
        case .experimentsFetched(.success(let experiment)): "rFetchExperiments answer: \(experiment.rawValue)"
        case .experimentsFetched(.failure(let error)): "rFetchExperiments answer: \(Self.answer(error))"
        case .submitFinished(let submission, let error): "rSubmitSelection answer: \(Self.answer(error)) (\(submission.selection))"
        case .timerFired(.loginRetry): "time for the next sign-in try"
        case .timerFired(.cMinimum): "C's 3 seconds are up"
        case .progressSaved: "progress saved"
        case .progressSaveFailed(let error, _): "progress not saved: \(error.message)"
        }
        return "\(what) · \(state.screen.rawValue) · \(NavigationStatusLine(state: state, now: now, backend: "").login)"
    }
}
