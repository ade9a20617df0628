@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Contract
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Synchronization
import Testing
import TUI

/// `TextLayout`'s layouts, counted: how often the cache had to do the work.
private final class CountingLayouter: Sendable {
    private let done = Mutex(0)
    var count: Int { done.withLock { $0 } }

    var layouter: ArticleTextLayouter {
        let text = ArticleTextLayouter.text
        return ArticleTextLayouter(
            row: { [self] in
                done.withLock { $0 += 1 }
                return text.row($0, $1, $2, $3, $4)
            },
            body: { [self] in
                done.withLock { $0 += 1 }
                return text.body($0, $1)
            })
    }
}

/// Article text is laid out once per article and width, never on every frame
/// (Docs/security.md, "Huge strings"). Speed itself is measured by challenge-bench.
@Suite(.timeLimit(.minutes(10))) struct ArticleTextLayoutsTests {
    private let long = String(repeating: "lorem ipsum dolor sit amet ", count: 2_000)

    private func article(_ id: Int, title: String = "A title", description: String? = nil) -> Article {
        ArticlesFixture.article(id, title, date: (2020, 7, 8), description: description ?? long)
    }

    @Test func aRowIsLaidOutOnceAndEqualsWhatTextLayoutMakes() {
        let counter = CountingLayouter()
        let layouts = ArticleTextLayouts(layOut: counter.layouter)
        let item = article(1)
        let first = layouts.row(item, titleWidth: 30, width: 60, maxLines: 2)
        #expect(first.title == TextLayout.truncate(item.title, width: 30))
        #expect(first.description == TextLayout.lines(item.description, width: 60, maxLines: 2))
        for _ in 0..<100 { #expect(layouts.row(item, titleWidth: 30, width: 60, maxLines: 2) == first) }
        #expect(counter.count == 1)
        // Another width is another layout.
        _ = layouts.row(item, titleWidth: 20, width: 40, maxLines: 2)
        #expect(counter.count == 2)
    }

    @Test func newTextUnderTheSameIdIsLaidOutAfresh() {
        let counter = CountingLayouter()
        let layouts = ArticleTextLayouts(layOut: counter.layouter)
        _ = layouts.row(article(1, title: "Before"), titleWidth: 30, width: 60, maxLines: 2)
        let after = layouts.row(article(1, title: "After", description: "changed"), titleWidth: 30, width: 60, maxLines: 2)
        #expect(after == .init(title: "After", description: ["changed"]))
        #expect(layouts.body(id: 1, text: "one two three", width: 5) == ["one", "two", "three"])
        #expect(layouts.body(id: 1, text: "four five", width: 5) == ["four", "five"])
        #expect(counter.count == 4)
    }

    @Test func theCacheIsBoundedAndKeepsWhatIsInUse() {
        let counter = CountingLayouter()
        let layouts = ArticleTextLayouts(capacity: 4, layOut: counter.layouter)
        let shown = article(0)
        for id in 1...50 {
            _ = layouts.row(shown, titleWidth: 10, width: 20, maxLines: 2)
            _ = layouts.row(article(id), titleWidth: 10, width: 20, maxLines: 2)
        }
        // The row used all along was laid out once.
        #expect(counter.count == 51)
        // The latest are still held; the first ones were let go (the bound: two generations of 4).
        _ = layouts.row(article(50), titleWidth: 10, width: 20, maxLines: 2)
        #expect(counter.count == 51)
        _ = layouts.row(article(1), titleWidth: 10, width: 20, maxLines: 2)
        #expect(counter.count == 52)
    }

    @Test func movingThroughAListLaysOutEachVisibleArticleOnce() {
        let counter = CountingLayouter()
        let layouts = ArticleTextLayouts(layOut: counter.layouter)
        var state = ArticlesState()
        state.articles = ArticleList((1...40).map { article($0, title: String(repeating: "T", count: 1_000)) })
        state.listSource = .synced
        state.sync = .synced(at: WallClockTime(hour: 9, minute: 30))
        let status = ArticlesStatus(state, now: .zero, animationStart: .zero)
        let rect = Rect(x: 0, y: 0, width: 80, height: 23)
        var list = ListState(count: state.articles.count)
        list.visibleRows = ArticlesListView.Layout(in: rect, articles: state, status: status).visibleRows
        var seen = Set<Int>()
        for step in 0..<60 {
            list.move(step < 30 ? .down : .up)
            var canvas = Canvas(size: Size(width: 80, height: 24))
            ArticlesListView(articles: state, status: status, layouts: layouts).draw(in: rect, on: &canvas, state: list)
            let visible = list.visibleRange
            seen.formUnion(visible.map { state.articles[$0].id })
        }
        #expect(counter.count == seen.count)
    }
}
