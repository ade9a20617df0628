/// What `/` on the article list narrows it to: the query and the indices of the articles that
/// match it (title, author or description, whatever the case), kept in step with the list.
/// Typing on narrows among the last matches; anything else searches the whole list again.
/// See Docs/articles.md, "Finding an article".
public struct ArticlesFilter: Hashable, Sendable {
    public private(set) var query = ""
    /// The matching articles' indices in list order; nil while there is no query (all show).
    public private(set) var matches: [Int]?
    /// The matches of each shorter query typed on the way to this one, shortest first: Backspace
    /// goes back to them without searching again.
    private var typed: [Typed] = []

    private struct Typed: Hashable, Sendable {
        var query: String
        var matches: [Int]
    }

    public init() {}

    public var isActive: Bool { matches != nil }

    /// The query is now `query`: the matches in `list`.
    public mutating func update(query newQuery: String, in list: ArticleList) {
        defer { query = newQuery }
        guard !newQuery.isEmpty else {
            matches = nil
            typed = []
            return
        }
        // Only the queries on the way to this one are kept.
        while let last = typed.last, !newQuery.hasPrefix(last.query) { typed.removeLast() }
        if let last = typed.last, last.query == newQuery {
            matches = last.matches
            return
        }
        // A query that only grows matches among what the shorter one matched.
        let found = list.indices(matching: newQuery, among: typed.last?.matches)
        typed.append(Typed(query: newQuery, matches: found))
        matches = found
    }

    /// The list changed (a sync, more of the stored list read): the same query, searched anew.
    public mutating func refresh(in list: ArticleList) {
        guard !query.isEmpty else { return }
        typed = []
        let found = list.indices(matching: query, among: nil)
        typed = [Typed(query: query, matches: found)]
        matches = found
    }

    /// The index in the list of the `shown`th row (every row when there is no filter).
    public func articleIndex(atRow shown: Int) -> Int? {
        guard let matches else { return shown }
        return matches.indices.contains(shown) ? matches[shown] : nil
    }

    /// The row the article at list index `index` shows on, if it shows.
    public func row(ofArticleAt index: Int) -> Int? {
        guard let matches else { return index }
        // Matches are in list order.
        var low = 0, high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < matches.count && matches[low] == index ? low : nil
    }

    /// How many rows show of a list of `total` articles.
    public func rowCount(of total: Int) -> Int { matches?.count ?? total }

    /// "12 of 60 match “foo”" for the header; nil without a filter.
    public func headerText(total: Int) -> String? {
        guard let matches else { return nil }
        return "\(ArticlesState.grouped(matches.count)) of \(ArticlesState.grouped(total)) match \u{201C}\(query)\u{201D}"
    }
}
