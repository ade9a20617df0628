import Contract

/// The list as it is kept between runs: the articles of the last successful sync, in list order,
/// and how many elements of that response could not be read.
///
/// At launch only the first chunk is read (`ArticlesCache.loadFirst`): then `articles` holds the
/// first rows and `storedCount` says how many the whole stored list has.
public struct StoredArticles: Hashable, Sendable {
    public var articles: ArticleList
    public var unreadableCount: Int
    /// Articles in the whole stored list (more than `articles.count` while only its start is read).
    public var storedCount: Int
    /// Which save the chunks came from (`ArticlesCache`), so more of them are read from the same
    /// one (`ArticlesCache.loadMore`); nil for a list stored whole (format 1) or not stored yet.
    public var generation: Int?

    public init(articles: ArticleList, unreadableCount: Int = 0, storedCount: Int? = nil, generation: Int? = nil) {
        self.articles = articles
        self.unreadableCount = unreadableCount
        self.storedCount = storedCount ?? articles.count
        self.generation = generation
    }

    public init(articles: [Article], unreadableCount: Int = 0) {
        self.init(articles: ArticleList(articles), unreadableCount: unreadableCount)
    }

    /// Only the start of the stored list is here; the rest is still to be read.
    public var isPartial: Bool { articles.count < storedCount }
}
