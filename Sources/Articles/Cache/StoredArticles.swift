import Contract

/// The list as it is kept between runs: the articles of the last successful sync, in list order,
/// and how many elements of that response could not be read.
public struct StoredArticles: Hashable, Sendable {
    public var articles: [Article]
    public var unreadableCount: Int

    public init(articles: [Article], unreadableCount: Int = 0) {
        self.articles = articles
        self.unreadableCount = unreadableCount
    }
}
