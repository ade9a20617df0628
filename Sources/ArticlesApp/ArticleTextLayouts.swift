import AppShell
import Articles
import Contract
import Core
import Synchronization
import TUI

/// Article text laid out for the screen — a list row's title line and description lines, the
/// detail page's wrapped description — made once per article and width, then reused by every
/// frame until the text or the width changes. Wrapping walks the whole text; doing it for every
/// visible row on every ↓ made a list of long titles cost a noticeable fraction of a second per
/// key (Docs/security.md, "Huge strings").
///
/// Entries are keyed by article id and width, and keep the text they were made from: a sync that
/// changes an article's text under the same id is noticed (comparing a string with itself is
/// immediate, so a hit costs next to nothing). Bounded: two generations of at most `capacity`
/// entries each; when the newer fills up, the older is dropped (recently used entries are moved
/// up, so what is on screen stays).
package final class ArticleTextLayouts: Sendable {
    /// The one the views use (they are drawn from one thread; the lock is for Swift's sake).
    package static let shared = ArticleTextLayouts()

    package let capacity: Int
    private let layOut: ArticleTextLayouter

    /// A list row's text: the title cut to its line, and the first description lines.
    package struct Row: Hashable {
        package var title: String
        package var description: [String]
    }

    private enum Kind: Hashable { case row(titleWidth: Int, maxLines: Int), body }

    private struct Key: Hashable {
        package var id: Int
        package var width: Int
        package var kind: Kind
    }

    private struct Entry {
        package var title: String
        package var text: String
        package var row: Row?
        package var lines: [String]
    }

    private struct Generations {
        package var current: [Key: Entry] = [:]
        package var previous: [Key: Entry] = [:]
    }

    private let state = Mutex(Generations())

    package init(capacity: Int = 256, layOut: ArticleTextLayouter = .text) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.layOut = layOut
    }

    /// The title cut to `titleWidth` columns, and the description wrapped to `width` columns,
    /// at most `maxLines` lines (the last ends in "…" when cut).
    package func row(_ article: Article, titleWidth: Int, width: Int, maxLines: Int) -> Row {
        let key = Key(id: article.id, width: width, kind: .row(titleWidth: titleWidth, maxLines: maxLines))
        if let row = lookup(key, title: article.title, text: article.description)?.row { return row }
        let row = layOut.row(article.title, article.description, titleWidth, width, maxLines)
        store(key, Entry(title: article.title, text: article.description, row: row, lines: []))
        return row
    }

    /// `text` (article `id`'s description) wrapped to `width` columns, every line.
    package func body(id: Int, text: String, width: Int) -> [String] {
        let key = Key(id: id, width: width, kind: .body)
        if let entry = lookup(key, title: "", text: text) { return entry.lines }
        let lines = layOut.body(text, width)
        store(key, Entry(title: "", text: text, row: nil, lines: lines))
        return lines
    }

    private func lookup(_ key: Key, title: String, text: String) -> Entry? {
        state.withLock { state in
            if let entry = state.current[key] {
                return entry.title == title && entry.text == text ? entry : nil
            }
            guard let entry = state.previous.removeValue(forKey: key), entry.title == title, entry.text == text else { return nil }
            Self.insert(key, entry, into: &state, capacity: capacity)
            return entry
        }
    }

    private func store(_ key: Key, _ entry: Entry) {
        state.withLock { state in Self.insert(key, entry, into: &state, capacity: capacity) }
    }

    private static func insert(_ key: Key, _ entry: Entry, into state: inout Generations, capacity: Int) {
        if state.current[key] == nil, state.current.count >= capacity {
            state.previous = state.current
            state.current = [:]
        }
        state.current[key] = entry
    }
}
