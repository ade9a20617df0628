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

/// The articles list and detail page with the mouse (Docs/mouse-and-paste.md).
@Suite(.timeLimit(.minutes(10))) struct ArticlesMouseTests {
    private func syncedList() async throws -> ShellHarness {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        return app
    }

    private var list: [Article] { ArticlesFixture.sampleInListOrder }

    @Test func aClickOpensARowAsOnTheLauncher() async throws {
        let app = try await syncedList()
        #expect(app.selectedTitle == list[0].title)
        try app.click(list[2].title)
        #expect(app.articlesScreen?.state.openedArticle?.id == list[2].id, "one click opens")
        try await app.waitFor("‹ Back ")
        app.press(.escape)
        try await app.waitFor("Articles · 60 articles")
        #expect(app.selectedTitle == list[2].title, "the row opened is the one selected")
        // Its description lines are part of the row.
        let description = try #require(app.point(of: list[1].title)).offsetBy(dy: 2)
        app.click(at: description)
        #expect(app.articlesScreen?.state.openedArticle?.id == list[1].id)
    }

    @Test func theBackLineGoesBackWithTheSelectionKept() async throws {
        let app = try await syncedList()
        try app.click(list[1].title)
        try await app.waitFor("‹ Back ")
        try app.click("‹ Back ", offset: 6) // its last cell, the padding
        try await app.waitFor("Articles · 60 articles")
        #expect(app.selectedTitle == list[1].title)
        // The sync state on the right of the header is not a button.
        try app.click(list[1].title)
        try await app.waitFor("‹ Back ")
        try app.click("synced at")
        #expect(app.articlesScreen?.state.openedArticle != nil)
    }

    @Test func theBlankLineBetweenRowsAndTheHeaderAreNotClickable() async throws {
        let app = try await syncedList()
        let second = try #require(app.point(of: list[1].title))
        app.click(at: second.offsetBy(dy: -1)) // the blank line above the second row
        try app.click("Articles · ")
        #expect(app.selectedTitle == list[0].title)
        #expect(app.articlesScreen?.state.openedArticle == nil)
    }

    @Test func theWheelMovesTheSelectionOnTheListAndScrollsTheDescription() async throws {
        let app = try await syncedList()
        let row = try #require(app.point(of: list[0].title))
        app.wheel(.wheelDown, at: row)
        app.wheel(.wheelDown, at: row.offsetBy(dy: 3)) // the gap scrolls too
        #expect(app.selectedTitle == list[2].title)
        app.wheel(.wheelUp, at: row)
        #expect(app.selectedTitle == list[1].title)

        // An article with a long description: the wheel scrolls it three lines a step.
        let long = ArticlesFixture.article(
            1, "Long read", date: (2021, 1, 1), description: String(repeating: "Lorem ipsum dolor sit amet. ", count: 60))
        let stored = try ArticlesFixture.store(with: [long])
        let detail = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysFail(.status(400))), store: stored)
        try await detail.waitFor("Long read")
        try detail.click("Long read")
        try await detail.waitFor("‹ Back ")
        let page = try #require(detail.point(of: "Long read"))
        detail.wheel(.wheelDown, at: page)
        #expect(detail.articlesScreen?.detailScroll.offset == 3)
        detail.wheel(.wheelDown, at: Point(x: 40, y: 5)) // over the picture
        #expect(detail.articlesScreen?.detailScroll.offset == 6)
        detail.wheel(.wheelUp, at: page)
        #expect(detail.articlesScreen?.detailScroll.offset == 3)
        detail.wheel(.wheelUp, at: Point(x: 40, y: 0)) // the header is not the page
        #expect(detail.articlesScreen?.detailScroll.offset == 3)
    }

    @Test func clicksBecomeTheEventsOfTheKeys() async throws {
        let app = try await syncedList()
        let feature = try #require(app.articlesScreen)
        let click = MouseEvent.click(at: .zero)
        guard case .sendAll(let events)? = feature.command(for: click, on: .row(2)), case .domain(.open(let id))? = events.last else {
            Issue.record("a click on a row moves the selection to it and opens it")
            return
        }
        #expect(events.count == 3, "↓ ↓ Enter")
        #expect(id == list[2].id)
        guard case .sendAll(let open)? = feature.command(for: click, on: .row(0)), case .domain(.open(let first))? = open.first else {
            Issue.record("a click on the selected row opens it")
            return
        }
        #expect(first == list[0].id && open.count == 1)
        #expect(feature.command(for: MouseEvent(.wheelDown, at: .zero), on: .row(2)) == nil, "the wheel is the list's")
        #expect(feature.command(for: click, on: .row(99)) == nil)
    }
}
