import Contract
import Core

/// Everything the articles screens draw, as a value. Changed only by `reduce(_:)`.
public struct ArticlesState: Hashable, Sendable {
    /// Where the list on screen came from, and of a stored list how much is read: one state
    /// machine (none → stored start → stored whole, any of them → synced).
    public enum ListSource: Hashable, Sendable {
        case none
        /// Read from the store at launch (the last successful sync of an earlier run), whole, or
        /// all of it that could be read.
        case stored
        /// Only the start of the stored list is read (`ArticlesCache.loadFirst`); the rest is
        /// read as it is scrolled, and all of it when a sync fails.
        case storedStart(StoredListStart)
        /// From a sync of this run.
        case synced
    }

    /// What is known of a stored list of which only the start is read.
    public struct StoredListStart: Hashable, Sendable {
        /// Articles in the whole stored list.
        public var total: Int
        /// The save it came from, so more of the same is read.
        public var generation: Int?
        /// More of it is being read (`ArticlesEffect.loadStoredRows`).
        public var isLoadingMore = false

        public init(total: Int, generation: Int?, isLoadingMore: Bool = false) {
            self.total = total
            self.generation = generation
            self.isLoadingMore = isLoadingMore
        }
    }

    /// The list, newest release first (equal dates by id).
    public var articles = ArticleList()
    public var listSource: ListSource = .none
    /// Elements of the response behind `articles` that could not be read fully (dropped or cut).
    public var unreadableCount = 0
    public var sync: SyncStatus = .idle
    /// What the running sync is doing, when it has said (a large feed's transfer, its sorting).
    public var progress: SyncProgress?
    /// A one-time message (a damaged stored list, a failed save); shown until dismissed.
    public var notice: String?
    /// The failed sync's error line was dismissed (`x`): the header still says the sync failed,
    /// and the next sync's outcome shows again.
    public var isFailureDismissed = false
    /// Why nothing is kept (the store could not be opened: the list lives in memory and goes at
    /// exit), in a few words; nil when the store works.
    public var keepsNothingBecause: String?
    /// Whether the stored list has been read since the screen first appeared.
    public var hasLoadedCache = false
    /// The article whose detail page is open (a copy: it survives a sync that drops it).
    public var openedArticle: Article?
    /// How syncs are retried (the challenge's 3 retries, 2 s apart, unless a test says otherwise).
    public var policy: RetryPolicy
    /// The answers come from the mock backend, whose failures its scenario injects: advice about
    /// the articles' address would send the person the wrong way.
    public var failuresAreInjected: Bool

    public init(policy: RetryPolicy = .articlesSync, failuresAreInjected: Bool = false) {
        self.policy = policy
        self.failuresAreInjected = failuresAreInjected
    }

    /// Only the start of the stored list is shown; the rest is being read.
    public var isStoredListPartial: Bool {
        if case .storedStart = listSource { return true }
        return false
    }

    /// More of the partly read stored list is being read.
    public var isLoadingStoredRows: Bool {
        if case .storedStart(let start) = listSource { return start.isLoadingMore }
        return false
    }

    /// Articles in the list: the whole stored list's count while only its start is read.
    public var listTotal: Int {
        if case .storedStart(let start) = listSource { return start.total }
        return articles.count
    }
}
