import ArticleDetails
import Articles
import Core

/// How the timeline (`t`) names the articles' events: what came, and the sync's state it left
/// ("12.40 s · articles answer: 500 (attempt 1) · retry 1 of 3 in 2 s"). Docs/recording.md.
extension ArticlesFeature {
    func timelineName(of event: Event, at now: Duration) -> String {
        let what: String
        switch event {
        case .domain(.fetchFinished(let attempt, .failure(let error), _)):
            what = "articles answer: \(Self.answer(error)) (attempt \(attempt))"
        case .domain(.fetchFinished(let attempt, .success(let decoded), _)):
            what = "articles answer: \(decoded.articles.count) articles (attempt \(attempt))"
        case .domain(.cacheLoaded(.success(let stored?))):
            what = "stored list: \(stored.storedCount) articles"
        case .domain(.cacheLoaded(.success(nil))):
            what = "no stored list"
        case .domain(.cacheLoaded(.failure)):
            what = "stored list unreadable"
        case .domain(.timerFired(let id)):
            what = "timer \(id)"
        case .domain(.open(let id)):
            what = "open article \(id)"
        case .pictures(.loaded(let url, _)):
            what = "picture \(Self.shortURL(url))"
        case .pictures(.failed(let url, let attempt, let failure)):
            what = "picture \(Self.shortURL(url)) failed (attempt \(attempt)): \(failure)"
        case .viewport(let viewport):
            what = "layout: \(viewport.listRows) rows, \(viewport.images.count) pictures on screen"
        default:
            what = Self.caseName(of: event)
        }
        let header = status(at: now).header
        return header.isEmpty ? what : "\(what) · \(header)"
    }

    /// The end of a URL, as much as a row shows.
    private static func shortURL(_ url: String) -> String {
        url.count > 40 ? "…" + url.suffix(39) : url
    }
}
