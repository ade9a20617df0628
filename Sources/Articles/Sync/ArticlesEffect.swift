import Core

/// Work the reducer asks for; `ArticlesRuntime` performs it.
public enum ArticlesEffect: RunnableEffect, Hashable {
    /// Read the stored list → `.cacheLoaded`.
    case loadCache
    /// Read more of the partly read stored list of save `generation`: the chunks after its first
    /// `loaded` articles, through article `through` → `.storedRowsLoaded`.
    case loadStoredRows(generation: Int, loaded: Int, through: Int)
    /// Request the articles and decode them → `.fetchFinished(attempt:…)`.
    case fetch(attempt: Int)
    /// Wait on the clock → `.timerFired(id)`.
    case startTimer(String, Duration)
    /// Replace the stored list → `.cacheSaved`.
    case saveCache(StoredArticles)
    /// Cancel running effects by id (leaving the screen); performs nothing itself.
    case cancel([String])

    public static let loadID = "articles.load"
    public static let fetchID = "articles.fetch"
    public static let saveID = "articles.save"
    public static let retryTimerID = "articles.retry"
    public static let loadMoreID = "articles.load-more"

    public var id: String? {
        switch self {
        case .loadCache: Self.loadID
        case .loadStoredRows: Self.loadMoreID
        case .fetch: Self.fetchID
        case .startTimer(let id, _): id
        case .saveCache: Self.saveID
        case .cancel: nil
        }
    }

    public var cancels: [String] {
        if case .cancel(let ids) = self { return ids }
        return []
    }
}
