import Contract

/// What one response body gave: the articles that could be read, in the server's order, and how
/// many elements could not be read fully: dropped (a missing or mistyped field, a bad date, a
/// repeated id) or kept with a field cut to its size limit.
public struct DecodedArticles: Hashable, Sendable {
    public var articles: ArticleList
    public var unreadableCount: Int

    public init(articles: ArticleList, unreadableCount: Int = 0) {
        self.articles = articles
        self.unreadableCount = unreadableCount
    }

    public init(articles: [Article], unreadableCount: Int = 0) {
        self.init(articles: ArticleList(articles), unreadableCount: unreadableCount)
    }
}
