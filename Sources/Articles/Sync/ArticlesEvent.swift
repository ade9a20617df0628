import Core

/// Everything that can happen to the articles screen: what the user does and what effects report.
public enum ArticlesEvent: Hashable, Sendable {
    // From the UI.
    /// The screen is shown (launch, or entering the challenge): load the stored list, sync.
    case appeared
    /// The screen is left: cancel the sync and its retry timer.
    case disappeared
    /// `r`: sync again from attempt 1 (ignored while a sync is running).
    case retry
    /// Enter on a row: show that article's detail page.
    case open(articleID: Int)
    /// Esc / ← / Backspace on the detail page.
    case close
    /// The one-time notice was seen.
    case dismissNotice
    /// The list is scrolled towards article `through` while only the start of the stored list is
    /// read: read on to it.
    case storedRowsWanted(through: Int)

    // From effects.
    case cacheLoaded(Result<StoredArticles?, StoreError>)
    /// More of the stored list of save `generation`, to follow its first `loaded` articles (nil:
    /// that list is no longer the stored one).
    case storedRowsLoaded(generation: Int, loaded: Int, Result<ArticleList?, StoreError>)
    case fetchFinished(attempt: Int, Result<DecodedArticles, APIError>, at: WallClockTime)
    /// How far attempt `attempt` has got (bytes received, then sorting).
    case syncProgress(attempt: Int, SyncProgress)
    case timerFired(ArticlesTimerID)
    /// The list was written (`nil`) or could not be (the error).
    case cacheSaved(StoreError?)
}
