@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// While a long sync runs over a stored list of which only the start was read for the first
/// frame, the whole stored list can be scrolled: moving towards the end of what is read reads
/// the next part, End reads the rest and goes to the last article (Docs/articles.md, "Stored
/// data").
@Suite(.timeLimit(.minutes(10))) struct ArticlesStoredListScrollTests {
    static let stored = SampleArticles.articles(count: 5_000).sortedByRelease()

    private func app() async throws -> ShellHarness {
        // The sync answers only after a minute: everything here happens while it runs.
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysSucceed, delay: 60), store: ArticlesFixture.store(with: Self.stored))
        try await app.waitFor("5,000 articles")
        #expect(app.contains("syncing…"))
        #expect(app.articlesScreen?.state.articles.count == 256, "only the first part is read for the first frame")
        return app
    }

    @Test func movingDownPastTheFirstPartReadsTheNext() async throws {
        let app = try await app()
        for _ in 0..<200 { app.press(.down) }
        try await app.settle()
        let screen = try #require(app.articlesScreen)
        #expect(screen.state.articles.count == 256 + 4_096, "the next part, read before the selection got there")
        for _ in 0..<100 { app.press(.down) }
        try await app.settle()
        #expect(app.articlesScreen?.list.selection == 300)
        let shown = try #require(app.selectedTitle).replacingOccurrences(of: "…", with: "")
        #expect(!shown.isEmpty && Self.stored[300].title.hasPrefix(shown), "the 301st stored article, on screen")
        #expect(app.articlesScreen?.state.sync.isRunning == true, "still syncing")
    }

    @Test func endReadsTheRestAndGoesToTheLastArticle() async throws {
        let app = try await app()
        app.press(.end)
        try await app.settle()
        let screen = try #require(app.articlesScreen)
        #expect(screen.state.articles.count == 5_000)
        #expect(!screen.state.isStoredListPartial)
        #expect(screen.list.selection == 4_999)
        #expect(screen.state.articles[4_999] == Self.stored[4_999])
        #expect(screen.state.sync.isRunning)
        app.press(.home)
        #expect(app.articlesScreen?.list.selection == 0)
    }

    @Test func theSyncsListReplacesAPartlyReadOneUnread() async throws {
        let app = try await app()
        try app.sleepers(atLeast: 1)
        try await app.advance(by: .seconds(60))
        try await app.waitFor("synced at")
        #expect(app.contains("Articles · 60 articles"))
        app.press(.end)
        #expect(app.articlesScreen?.list.selection == 59)
    }
}
