import AppShell
import Articles
import Core
import TUI

/// What `--log` keeps of the articles: the page shown and each sync's attempts, retries and
/// outcome (Docs/configuration.md, "Logging").
extension ArticlesFeature {
    package static var logName: String { "articles" }

    package var logTopics: [(topic: String, text: String)] {
        [
            ("page", state.openedArticle.map { "article \($0.id)" } ?? "list"),
            ("sync", Self.logText(state.sync, state: state)),
        ]
    }

    package static func logText(_ sync: SyncStatus, state: ArticlesState) -> String {
        switch sync {
        case .idle: ""
        case .syncing(let attempt, _): "attempt \(attempt)…"
        case .waitingToRetry(let retry, let maxRetries, let delay, let error):
            "attempt \(retry) failed: \(error.message); retry \(retry)\(maxRetries.map { " of \($0)" } ?? "") in \(delay.shortDescription)"
        case .synced(let time): "synced at \(time): \(state.countText)"
        case .failed(let error, let attempts): "failed after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(error.message)"
        }
    }
}
