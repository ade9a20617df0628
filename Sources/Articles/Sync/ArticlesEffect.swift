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
    case startTimer(ArticlesTimerID, Duration)
    /// Replace the stored list → `.cacheSaved`.
    case saveCache(StoredArticles)
    /// Cancel running effects by id (leaving the screen); performs nothing itself.
    case cancel([ArticlesEffectID])

    /// Its id, typed: effects with the same one replace each other.
    public var id: ArticlesEffectID? {
        switch self {
        case .loadCache: .load
        case .loadStoredRows: .loadMore
        case .fetch: .fetch
        case .startTimer(let timer, _): .timer(timer)
        case .saveCache: .save
        case .cancel: nil
        }
    }

    public var cancels: [ArticlesEffectID] {
        if case .cancel(let ids) = self { return ids }
        return []
    }
}

/// The articles' timers: the wait before the next sync try.
public enum ArticlesTimerID: String, Hashable, Sendable, CaseIterable {
    case retry = "articles.retry"
}

/// The ids of the articles' cancellable effects, as the effect runner keys them.
public enum ArticlesEffectID: Hashable, Sendable {
    case load, fetch, save, loadMore
    case timer(ArticlesTimerID)
}
