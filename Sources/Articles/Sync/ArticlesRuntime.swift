import Core
import FoundationEssentials

/// The imperative shell of the articles screen: performs `ArticlesEffect`s with injected
/// dependencies and reports what happened as `ArticlesEvent`s. Plug `perform` into Core's
/// `EffectRunner(perform:send:)`.
public struct ArticlesRuntime: Sendable {
    public var api: any ArticlesAPI
    public var time: TimeSource
    public var store: any RecordStore
    /// Stamps sync results ("synced at 14:05"): the time source's wall time, on this machine's
    /// clock face, unless a test fixes it.
    public var now: @Sendable () -> WallClockTime

    public init(
        api: any ArticlesAPI,
        time: TimeSource,
        store: any RecordStore,
        now: (@Sendable () -> WallClockTime)? = nil
    ) {
        self.api = api
        self.time = time
        self.store = store
        self.now = now ?? { WallClockTime(time.wallNow) }
    }

    public func perform(_ effect: ArticlesEffect, send: @escaping @Sendable (ArticlesEvent) -> Void) async {
        switch effect {
        case .loadCache:
            send(.cacheLoaded(ArticlesCache.load(from: store)))

        case .loadStoredRows(let generation, let loaded, let through):
            let rows = ArticlesCache.loadMore(from: store, generation: generation, loaded: loaded, through: through)
            if Task.isCancelled { return }
            send(.storedRowsLoaded(generation: generation, loaded: loaded, rows))

        case .fetch(let attempt):
            let result: Result<DecodedArticles, APIError>
            do {
                let reporter = TransferReporter(time: time) { send(.syncProgress(attempt: attempt, $0)) }
                // Read as it arrives, decoded where it arrived and sorted, all off the loop's
                // thread: the reducer then only checks the order (Docs/performance.md,
                // "Articles at scale").
                let reader = ArticlesReader { send(.syncProgress(attempt: attempt, $0)) }
                result = try await api.fetchArticles(attempt: attempt, progress: reporter.report, reader: reader)
                if Task.isCancelled { return }
            } catch {
                result = .failure(error)
            }
            send(.fetchFinished(attempt: attempt, result, at: now()))

        case .startTimer(let id, let delay):
            do {
                try await time.sleep(for: delay)
            } catch {
                return  // cancelled: the screen was left
            }
            send(.timerFired(id))

        case .saveCache(let stored):
            // Store writes are short, local and atomic; a cancelled (superseded) save skips it.
            if Task.isCancelled { return }
            send(.cacheSaved(ArticlesCache.save(stored, to: store, at: time.wallNow)))

        case .cancel:
            break  // the runner cancels `cancels` before this runs
        }
    }
}
