import AppShell
import Articles
import Core
import Navigation
import TUI

/// What `--log` keeps of the flow: the screen shown, rLogin's attempts and retries, the fetch of
/// the experiment and the submit (Docs/configuration.md, "Logging"). The selection is not
/// logged: it is the user's.
extension NavigationFeature {
    package static var logName: String { "navigation" }

    package var logTopics: [(topic: String, text: String)] {
        [
            ("screen", state.isLoadingProgress ? "" : state.screen.title),
            ("sign-in", Self.logText(state.login)),
            ("experiment", experimentText),
            ("submit", submitText),
        ]
    }

    package static func logText(_ login: LoginState) -> String {
        switch login {
        case .idle: ""
        case .signingIn(let attempt): "attempt \(attempt)…"
        case .failed(let attempt, let error, let delay, _):
            "attempt \(attempt) failed: \(error.message); retry in \(delay.shortDescription)"
        case .signedIn: "signed in"
        case .gaveUp(let attempts, let error): "gave up after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(error.message)"
        }
    }

    private var experimentText: String {
        if state.isFetchingExperiments { return "fetching…" }
        if let error = state.fetchError { return "failed: \(error.message) (no retry: r tries again)" }
        return state.experiment.map { "\($0.rawValue)" } ?? ""
    }

    private var submitText: String {
        if let submission = state.submitting { return "sending from \(submission.screen.title)…" }
        if let error = state.submitError { return "failed: \(error.message) (no retry: Enter tries again)" }
        return ""
    }
}
