import Contract

extension Article {
    /// The order of the list: newest release first; equal dates by id, ascending, so the order
    /// is total and the same on every run.
    public static func releaseOrder(_ lhs: Article, _ rhs: Article) -> Bool {
        if lhs.releaseDate != rhs.releaseDate { return lhs.releaseDate > rhs.releaseDate }
        return lhs.id < rhs.id
    }
}

// On Array rather than Sequence: a concrete type is compiled specialized here, so callers in
// other modules don't sort 100,000 articles through unspecialized generics.
extension Array where Element == Article {
    /// The articles in list order (`Article.releaseOrder`).
    public func sortedByRelease() -> [Article] {
        // Sorting small keys and then gathering moves each article once, instead of swapping
        // five reference-counted strings at every step: much faster on 100,000 articles.
        var keys = indices.map { index in
            let date = self[index].releaseDate
            return (day: date.year * 10_000 + date.month * 100 + date.day, id: self[index].id, index: index)
        }
        keys.sort { $0.day != $1.day ? $0.day > $1.day : $0.id < $1.id }
        return keys.map { self[$0.index] }
    }
}

extension ArticleList {
    /// Whether the list is already in list order (`Article.releaseOrder`): one pass over the
    /// rows, no article made.
    public var isSortedByRelease: Bool {
        rows.indices.dropFirst().allSatisfy { Self.precedes(rows[$0 - 1], rows[$0]) || rows[$0 - 1].id == rows[$0].id }
    }

    /// The list in list order (`Article.releaseOrder`). Only the rows move — their keys are
    /// the rows' own numbers, precomputed by the decoder — and the text stays where it is. A
    /// list already in order (a stored one, or one the runtime sorted) costs one pass.
    public func sortedByRelease() -> ArticleList {
        if isSortedByRelease { return self }
        var sorted = self
        sorted.sortRows()
        return sorted
    }

    mutating func sortRows() {
        rows.sort(by: Self.precedes)
    }

    static func precedes(_ lhs: Row, _ rhs: Row) -> Bool {
        lhs.day != rhs.day ? lhs.day > rhs.day : lhs.id < rhs.id
    }
}
