import Core
import Navigation

/// How the timeline (`t`) names the flow's events: what came, the screen and the sign-in's
/// state it left ("4.50 s · rLogin answer: 500 (attempt 1) · B2 · next try in 1 s").
/// Docs/recording.md.
extension NavigationFeature {
    func timelineName(of event: NavigationEvent, at now: Duration) -> String {
        let what: String
        switch event {
        case .loginFinished(let attempt, let result, _):
            what = "rLogin answer: \(Self.answer(result)) (attempt \(attempt))"
        case .experimentsFetched(.success(let experiment)):
            what = "rFetchExperiments answer: \(experiment.rawValue)"
        case .experimentsFetched(.failure(let error)):
            what = "rFetchExperiments answer: \(Self.answer(error))"
        case .submitFinished(let submission, let error):
            what = "rSubmitSelection answer: \(Self.answer(error)) (\(submission.selection))"
        case .timerFired(let id):
            what = "timer \(id.rawValue)"
        default:
            what = Self.caseName(of: event)
        }
        return "\(what) · \(state.screen.rawValue) · \(NavigationStatusLine(state: state, now: now, backend: "").login)"
    }
}
