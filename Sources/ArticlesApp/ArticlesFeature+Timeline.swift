import AppShell
import ArticleDetails
import Articles
import Core
import TUI

/// How the timeline (`t`) names the articles' events: what came, and the sync's state it left
/// ("12.40 s · articles answer: 500 (attempt 1) · retry 1 of 3 in 2 s"). Docs/recording.md.
extension ArticlesFeature {
    package func timelineName(of event: Event, at now: Duration) -> String {
        let what = switch event {
        case .domain(let event): Self.timelineWords(event)
        case .select(let move): "selection \(TimelineWords.move(move))"
        case .scroll(let move): "article page scrolled \(TimelineWords.move(move))"
        case .filter(.start): "find opened"
        case .filter(.keep): "find kept"
        case .filter(.clear): "find cleared"
        case .filter(.edit): "find: “\(filterField.text)”"
        case .pictures(let event): Self.timelineWords(event)
        case .viewport(let viewport):
            "layout: \(TimelineWords.count(viewport.listRows, "row")), \(TimelineWords.count(viewport.images.count, "picture")) on screen"
        }
        let header = status(at: now).header
        return header.isEmpty ? what : "\(what) · \(header)"
    }

    private static func timelineWords(_ event: ArticlesEvent) -> String {
        switch event {
        case .appeared: "list shown"
        case .disappeared: "list left"
        case .retry: "sync again"
        case .open(let id): "open article \(id)"
        case .close: "back to the list"
        case .dismissNotice: "notice dismissed"
        case .storedRowsWanted(let row): "stored rows wanted down to row \(row + 1)"
        case .cacheLoaded(.success(let stored?)): "stored list: \(TimelineWords.count(stored.storedCount, "article"))"
        case .cacheLoaded(.success(nil)): "no stored list"
        case .cacheLoaded(.failure): "stored list unreadable"
        case .storedRowsLoaded(_, let loaded, .success): "stored rows read: \(loaded)"
        case .storedRowsLoaded(_, _, .failure): "stored rows unreadable"
        case .fetchFinished(let attempt, .failure(let error), _): "articles answer: \(answer(error)) (attempt \(attempt))"
        case .fetchFinished(let attempt, .success(let decoded), _):
            "articles answer: \(TimelineWords.count(decoded.articles.count, "article")) (attempt \(attempt))"
        case .syncProgress(_, .receiving(let bytes, let total?)): "receiving the list: \(bytes) of \(total) bytes"
        case .syncProgress(_, .receiving(let bytes, nil)): "receiving the list: \(TimelineWords.count(bytes, "byte"))"
        case .syncProgress(_, .reading(let count)): "reading the list: \(TimelineWords.count(count, "article"))"
        case .syncProgress(_, .sorting(let count)): "putting \(TimelineWords.count(count, "article")) in order"
        case .timerFired(.retry): "time to sync again"
        case .cacheSaved(nil): "stored list saved"
        case .cacheSaved(.some(let error)): "stored list not saved: \(error.message)"
        }
    }

    private static func timelineWords(_ event: PictureEvent) -> String {
        switch event {
        case .shown(let urls, _): "\(TimelineWords.count(urls.count, "picture")) wanted"
        case .loaded(let url, _): "picture \(shortURL(url))"
        case .failed(let url, let attempt, let failure): "picture \(shortURL(url)) failed (attempt \(attempt)): \(failure.description)"
        case .retryDue(let url): "picture \(shortURL(url)): time to try again"
        case .left: "pictures let go"
        }
    }

    /// The end of a URL, as much as a row shows.
    private static func shortURL(_ url: String) -> String {
        url.count > 40 ? "…" + url.suffix(39) : url
    }
}
