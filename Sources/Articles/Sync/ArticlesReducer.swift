import Core

extension ArticlesState {
    /// The whole behaviour of the articles screen: pure, no I/O, no clock.
    public mutating func reduce(_ event: ArticlesEvent) -> [ArticlesEffect] {
        switch event {
        case .appeared:
            var effects: [ArticlesEffect] = hasLoadedCache ? [] : [.loadCache]
            if !sync.isRunning { effects += startSync() }
            if isStoredListPartial {
                // The rest of a stored list of which only the start was read for the first
                // frame: a quick sync replaces it unread (holding both lists would double a long
                // list's memory); a slow or failing one has it read (`storedRestDelay`).
                effects += sync.isRunning ? [.startTimer(ArticlesEffect.storedRestTimerID, Self.storedRestDelay)] : [.loadCache]
            }
            return effects

        case .disappeared:
            if sync.isRunning { sync = .idle }
            progress = nil
            openedArticle = nil
            // A save in progress is left to finish: cancelling it could lose the new list.
            return [.cancel([ArticlesEffect.loadID, ArticlesEffect.fetchID, ArticlesEffect.retryTimerID, ArticlesEffect.storedRestTimerID])]

        case .retry:
            return sync.isRunning ? [] : startSync()

        case .open(let id):
            if let article = articles.article(withID: id) { openedArticle = article }
            return []

        case .close:
            openedArticle = nil
            return []

        case .dismissNotice:
            notice = nil
            return []

        case .cacheLoaded(let result):
            hasLoadedCache = true
            switch result {
            case .success(let stored?):
                // A sync that already finished has newer articles than the store.
                guard listSource != .synced else { return [] }
                articles = stored.articles.sortedByRelease()
                unreadableCount = stored.unreadableCount
                listSource = .stored
                isStoredListPartial = stored.isPartial
                storedCount = stored.storedCount
            case .success(nil):
                break
            case .failure(let error):
                // Reported once; the store has set the record aside, so the app carries on
                // as if there were none and the next sync writes a fresh one.
                notice = Self.notice(for: error)
            }
            return []

        case .fetchFinished(let attempt, let result, let time):
            // Only the attempt we are waiting for counts; anything else is a stray late result.
            guard case .syncing(attempt, _) = sync else { return [] }
            progress = nil
            switch result {
            case .success(let decoded):
                articles = decoded.articles.sortedByRelease()
                unreadableCount = decoded.unreadableCount
                listSource = .synced
                let restWasDue = isStoredListPartial
                isStoredListPartial = false
                sync = .synced(at: time)
                if let opened = openedArticle, let fresh = articles.article(withID: opened.id) {
                    openedArticle = fresh
                }
                let save = ArticlesEffect.saveCache(StoredArticles(articles: articles, unreadableCount: unreadableCount))
                return restWasDue ? [.cancel([ArticlesEffect.storedRestTimerID]), save] : [save]
            case .failure(.cancelled):
                sync = .idle
                return []
            case .failure(let error):
                // The stored list is what there is to see now: all of it.
                let rest: [ArticlesEffect] = isStoredListPartial ? [.cancel([ArticlesEffect.storedRestTimerID]), .loadCache] : []
                guard policy.shouldRetry(error, after: attempt) else {
                    sync = .failed(error, attempts: attempt)
                    return rest
                }
                let delay = policy.delay(after: attempt)
                sync = .waitingToRetry(retry: attempt, maxRetries: policy.maxRetries, delay: delay, error: error)
                return rest + [.startTimer(ArticlesEffect.retryTimerID, delay)]
            }

        case .syncProgress(let attempt, let step):
            guard case .syncing(attempt, _) = sync else { return [] }
            progress = step
            return []

        case .timerFired(ArticlesEffect.storedRestTimerID):
            return isStoredListPartial && listSource == .stored ? [.loadCache] : []

        case .timerFired(let id):
            guard id == ArticlesEffect.retryTimerID,
                case .waitingToRetry(let retry, _, _, let error) = sync
            else { return [] }
            sync = .syncing(attempt: retry + 1, lastError: error)
            progress = nil
            return [.fetch(attempt: retry + 1)]

        case .cacheSaved(nil):
            return []

        case .cacheSaved(let error?):
            // The list on screen stays; only the next launch misses it.
            notice = "The articles could not be saved: \(error.message)"
            return []
        }
    }

    /// How long a sync may run before the rest of a partly read stored list is read anyway.
    public static let storedRestDelay: Duration = .seconds(1)

    static func notice(for error: StoreError) -> String {
        switch error {
        case .damaged(_, let movedTo, let reason):
            "The stored articles could not be read (\(reason)); they were set aside as \(movedTo)."
        case .key, .io, .wrongKey:
            "The stored articles could not be opened. \(error.message)"
        }
    }

    private mutating func startSync() -> [ArticlesEffect] {
        sync = .syncing(attempt: 1, lastError: nil)
        progress = nil
        return [.fetch(attempt: 1)]
    }
}
