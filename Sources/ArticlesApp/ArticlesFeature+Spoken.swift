import AppShell
import ArticleDetails
import Articles
import Contract
import Core

/// The articles in the screen-reader mode (Docs/screen-reader.md): the list as a count and its
/// first titles, the selected article as one line, the sync's changes of meaning once each
/// (retries before any error, as the challenge asks), and an article as sentences with its
/// picture described.
extension ArticlesFeature {
    package func spoken(at now: Duration) -> Spoken {
        var spoken: Spoken
        if let article = state.openedArticle {
            spoken = Spoken(place: Self.spokenPage(article))
        } else if isEditingFilter {
            spoken = Spoken(
                place: "Find in the article list. Type words to narrow the list, Enter to keep the filter, Esc to clear it.",
                topics: [Spoken.Topic("matches", matchesSentence)])
        } else {
            spoken = Spoken(
                place: "The article list. Type a number and Enter to read that article; Up and Down move, / finds, "
                    + "r syncs again, q leaves the challenge.",
                topics: [Spoken.Topic("list", listSentence), Spoken.Topic("matches", filter.isActive ? matchesSentence : "")],
                focus: selectedSentence,
                choices: rowCount > 0 ? Spoken.Choices(count: rowCount, selected: list.selection + 1) : nil)
        }
        spoken.topics += [
            Spoken.Topic("sync", syncSentence),
            Spoken.Topic("notice", (state.notice ?? state.memoryOnlyMessage).map(Spoken.sentence) ?? ""),
        ]
        return spoken
    }

    /// "60 articles, newest first: 1 …, 2 …, 3 …, and 57 more."
    private var listSentence: String {
        if state.articles.isEmpty { return state.emptyMessage.map(Spoken.sentence) ?? "" }
        let first = (0..<min(3, state.articles.count)).map { state.articles[$0].title }
        let more = state.listTotal - first.count
        return "\(state.countText.prefix(1).uppercased() + state.countText.dropFirst()), newest first: \(Spoken.numbered(first))"
            + (more > 0 ? ", and \(more) more." : ".")
    }

    private var matchesSentence: String {
        guard filter.isActive else { return "" }
        return "\(Spoken.count(rowCount, "article")) of \(state.articles.count) match \(filterField.text)."
    }

    /// "3 of 60: Cooperative zero-copy ledger, Sun, Oct 11, '20."
    private var selectedSentence: String? {
        guard let row = list.selectedIndex, let index = filter.articleIndex(atRow: row), state.articles.indices.contains(index) else {
            return nil
        }
        let article = state.articles[index]
        return "\(row + 1) of \(rowCount): \(article.title), \(ArticleDetail(article).date)."
    }

    /// The sync's state, once per change of meaning: the retries say only that the sync goes on
    /// (the challenge shows no error before they are spent), then the outcome.
    private var syncSentence: String {
        switch state.sync {
        case .idle: return ""
        case .syncing(let attempt, _): return attempt == 1 ? "Syncing." : "Retrying now: sync attempt \(attempt)."
        case .waitingToRetry(let retry, let maxRetries, let delay, _):
            return "Still syncing: retry \(retry)\(maxRetries.map { " of \($0)" } ?? "") in \(Spoken.duration(delay))."
        case .synced(let time): return "Synced at \(time): \(state.countText)."
        case .failed: return state.syncMessage ?? ""
        }
    }

    /// An article as sentences: its title, author and date, its picture, its text.
    static func spokenPage(_ article: Article) -> String {
        let detail = ArticleDetail(article)
        return [
            "Article: \(detail.title).",
            "By \(detail.author), \(detail.date).",
            describe(detail.image),
            Spoken.sentence(detail.body),
            "Esc goes back to the list.",
        ].joined(separator: "\n")
    }

    /// "Header picture: 348 by 211, mostly teal, with its size written on it in white."
    static func describe(_ image: HeaderImage) -> String {
        switch image {
        case .dummyImage(let picture):
            "Header picture from dummyimage.com: \(picture.width) by \(picture.height), mostly \(picture.background.name), "
                + "with its size written on it in \(picture.foreground.name)."
        case .placeholder(let host):
            "Header picture from \(host)."
        }
    }
}
