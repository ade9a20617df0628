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
    public var effectID: ArticlesEffectID? {
        switch self {
        case .loadCache: .load
        case .loadStoredRows: .loadMore
        case .fetch: .fetch
        case .startTimer(let timer, _): .timer(timer)
        case .saveCache: .save
        case .cancel: nil
        }
    }

    public var id: String? { effectID?.rawValue }

    public var cancels: [String] {
        if case .cancel(let ids) = self { return ids.map(\.rawValue) }
        return []
    }
}

/// The articles' timers: the wait before the next sync try.
public enum ArticlesTimerID: String, Hashable, Sendable, CaseIterable {
    case retry = "articles.retry"
}

/// The ids of the articles' cancellable effects; `rawValue` is what the effect runner keys
/// them by.
public enum ArticlesEffectID: Hashable, Sendable {
    case load, fetch, save, loadMore
    case timer(ArticlesTimerID)

    public var rawValue: String {
        switch self {
        case .load: "articles.load"
        case .fetch: "articles.fetch"
        case .save: "articles.save"
        case .loadMore: "articles.load-more"
        case .timer(let timer): timer.rawValue
        }
    }
}
