import Core

extension ArticlesState {
    /// The whole behaviour of the articles screen: pure, no I/O, no clock.
    public mutating func reduce(_ event: ArticlesEvent) -> [ArticlesEffect] {
        switch event {
        case .appeared:
            // Of a stored list of which only the start was read for the first frame, more is
            // read as it is scrolled (`storedRowsWanted`), all of it if the sync fails; a sync
            // that succeeds replaces it unread (holding both lists would double a long list's
            // memory).
            var effects: [ArticlesEffect] = hasLoadedCache ? [] : [.loadCache]
            if !sync.isRunning { effects += startSync() }
            return effects

        case .disappeared:
            if sync.isRunning { sync = .idle }
            progress = nil
            openedArticle = nil
            if case .storedStart(var start) = listSource {
                start.isLoadingMore = false
                listSource = .storedStart(start)
            }
            // A save in progress is left to finish: cancelling it could lose the new list.
            return [.cancel([.load, .fetch, .timer(.retry), .loadMore])]

        case .retry:
            return sync.isRunning ? [] : startSync()

        case .open(let id):
            if let article = articles.article(withID: id) { openedArticle = article }
            return []

        case .close:
            openedArticle = nil
            return []

        case .dismissNotice:
            // Every message above the list goes: the notice and a failed sync's error line.
            notice = nil
            if case .failed = sync { isFailureDismissed = true }
            return []

        case .storedRowsWanted(let through):
            guard case .storedStart(var start) = listSource, !start.isLoadingMore, let generation = start.generation,
                through >= articles.count
            else { return [] }
            start.isLoadingMore = true
            listSource = .storedStart(start)
            return [.loadStoredRows(generation: generation, loaded: articles.count, through: min(through, start.total - 1))]

        case .storedRowsLoaded(let generation, let loaded, let result):
            guard case .storedStart(var start) = listSource, start.isLoadingMore, generation == start.generation,
                loaded == articles.count
            else { return [] }
            start.isLoadingMore = false
            switch result {
            case .success(let rows?):
                // Chunks are stored in list order: they follow on.
                articles.append(contentsOf: rows)
                listSource = articles.count < start.total ? .storedStart(start) : .stored
                return []
            case .success(nil):
                // Another run has replaced the stored list since: what there is now, whole.
                listSource = .storedStart(start)
                return [.loadCache]
            case .failure(let error):
                // What was read stays; the damaged list was set aside.
                listSource = .stored
                notice = Self.notice(for: error)
                return []
            }

        case .cacheLoaded(let result):
            hasLoadedCache = true
            switch result {
            case .success(let stored?):
                // A sync that already finished has newer articles than the store.
                guard listSource != .synced else { return [] }
                articles = stored.articles.sortedByRelease()
                unreadableCount = stored.unreadableCount
                listSource = stored.isPartial
                    ? .storedStart(StoredListStart(total: stored.storedCount, generation: stored.generation)) : .stored
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
                let wasLoading = isLoadingStoredRows
                articles = decoded.articles.sortedByRelease()
                unreadableCount = decoded.unreadableCount
                listSource = .synced
                sync = .synced(at: time)
                if let opened = openedArticle, let fresh = articles.article(withID: opened.id) {
                    openedArticle = fresh
                }
                let save = ArticlesEffect.saveCache(StoredArticles(articles: articles, unreadableCount: unreadableCount))
                return wasLoading ? [.cancel([.loadMore]), save] : [save]
            case .failure(.cancelled):
                sync = .idle
                return []
            case .failure(let error):
                // The stored list is what there is to see now: all of it.
                var rest: [ArticlesEffect] = []
                if case .storedStart(var start) = listSource {
                    rest = [.cancel([.loadMore]), .loadCache]
                    start.isLoadingMore = false
                    listSource = .storedStart(start)
                }
                guard policy.shouldRetry(error, after: attempt) else {
                    sync = .failed(error, attempts: attempt)
                    return rest
                }
                let delay = policy.delay(after: attempt)
                sync = .waitingToRetry(retry: attempt, maxRetries: policy.maxRetries, delay: delay, error: error)
                return rest + [.startTimer(.retry, delay)]
            }

        case .syncProgress(let attempt, let step):
            guard case .syncing(attempt, _) = sync else { return [] }
            progress = step
            return []

        case .timerFired(.retry):
            guard case .waitingToRetry(let retry, _, _, let error) = sync
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

    static func notice(for error: StoreError) -> String {
        switch error {
        case .damaged(_, let movedTo, let reason):
            "The stored articles could not be read (\(reason)); they were set aside as \(movedTo)."
        case .key, .io, .wrongKey, .inUse, .foreignFolder:
            "The stored articles could not be opened. \(error.message)"
        }
    }

    private mutating func startSync() -> [ArticlesEffect] {
        sync = .syncing(attempt: 1, lastError: nil)
        isFailureDismissed = false
        progress = nil
        return [.fetch(attempt: 1)]
    }
}
