@testable import AppShell
import ArticleDetails
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// Every state of the articles screens, headless at 80×24 (and the list and a detail page at
/// the 60×20 minimum), exactly as drawn. "synced at" shows the local time of the run, so it is
/// written as HH:MM here.
@Suite(.timeLimit(.minutes(10))) struct ArticlesSnapshotTests {
    @Test func listAfterASyncAt80x24() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        expectSnapshot(app.stableScreen, named: "listAfterASyncAt80x24")
        let canvas = app.terminal.canvas
        // The selected row's title is reversed and bold (readable without colour), and only the
        // title: a move rewrites two short titles, not two whole lines. The others are bold only.
        #expect(canvas.style(at: Point(x: 8, y: 2)) == Style(bold: true, reverse: true))
        #expect(!canvas.style(at: Point(x: 50, y: 2)).reverse, "past the title")
        #expect(canvas.style(at: Point(x: 70, y: 2)).dim, "the date is not part of the highlight")
        #expect(canvas.style(at: Point(x: 8, y: 6)) == .bold)
        #expect(canvas.style(at: Point(x: 70, y: 6)).dim)
        // Thumbnails are blocks in the image's own background colour.
        let first = try #require(HeaderImage(url: ArticlesFixture.sampleInListOrder[0].image).background)
        #expect(canvas.style(at: Point(x: 2, y: 2)).background == RGB(first))
        #expect(canvas.style(at: Point(x: 5, y: 3)).background == RGB(first))
        let second = try #require(HeaderImage(url: ArticlesFixture.sampleInListOrder[1].image).background)
        #expect(canvas.style(at: Point(x: 2, y: 6)).background == RGB(second))
        // Nothing moves once synced: the shell stops redrawing.
        #expect(app.articlesScreen?.isAnimating == false)
    }

    /// At 200 columns the page keeps a readable measure: picture, title, byline and text in a
    /// column of 100 at the left, under ‹ Back.
    @Test func detailPageAt200x50() async throws {
        let app = try ArticlesFixture.harness(size: Size(width: 200, height: 50))
        try await app.waitFor("synced at")
        app.press(.end, .enter)
        expectSnapshot(app.stableScreen, named: "detailPageAt200x50")
        let page = app.lines.dropFirst(2).dropLast()
        #expect(page.allSatisfy { DisplayWidth.of($0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)) <= 102 })
        #expect(page.contains { DisplayWidth.of($0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)) > 90 })
    }

    @Test func listWithAFilterAt80x24() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        app.press(.char("/"))
        app.type("dolor s")
        expectSnapshot(app.stableScreen, named: "listWithAFilterAt80x24")
        #expect(app.lines[0].contains(" of 60 match \u{201C}dolor s\u{201D}"))
        #expect(app.terminal.cursor != nil, "the field's cursor shows")
    }

    @Test func detailPageAt80x24() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        app.press(.end, .enter)
        expectSnapshot(app.stableScreen, named: "detailPageAt80x24")
        // The header image: a block in its background colour, the label in its text colour.
        let article = try #require(ArticlesFixture.sampleInListOrder.last)
        guard case .dummyImage(let picture) = HeaderImage(url: article.image) else {
            Issue.record("the last sample article has a dummyimage picture")
            return
        }
        let canvas = app.terminal.canvas
        #expect(canvas.style(at: Point(x: 28, y: 3)).background == RGB(picture.background))
        #expect(canvas.style(at: Point(x: 51, y: 10)).background == RGB(picture.background))
        #expect(canvas.style(at: Point(x: 35, y: 7)) == Style(foreground: RGB(picture.foreground), background: RGB(picture.background)))
        #expect(canvas.style(at: Point(x: 2, y: 12)).bold, "the title is bold")
    }

    @Test func emptyStateWithTheErrorAt80x24() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysFail(.status(500))))
        try await app.waitFor("retry 1 of 3")
        for _ in 1...3 { try await app.advanceRetry(by: .seconds(2)) }
        try await app.waitFor("after 4 attempts")
        expectSnapshot(app.stableScreen, named: "emptyStateWithTheErrorAt80x24")
        #expect(app.terminal.canvas.style(at: Point(x: 68, y: 0)).bold, "'sync failed' stands out")
        #expect(app.articlesScreen?.isAnimating == false)
    }

    @Test func offlineStateShowsTheStoredListUnderTheErrorAt80x24() async throws {
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.offline)), store: ArticlesFixture.store(with: ArticlesFixture.storedList))
        try await app.waitFor("retry 1 of 3")
        for _ in 1...3 { try await app.advanceRetry(by: .seconds(2)) }
        try await app.waitFor("after 4 attempts")
        expectSnapshot(app.stableScreen, named: "offlineStateShowsTheStoredListUnderTheErrorAt80x24")
        #expect(app.terminal.canvas.style(at: Point(x: 1, y: 2)).bold, "the error is bold")
    }

    @Test func retryingStateAt80x24() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysFail(.status(500))))
        try await app.waitFor("retry 1 of 3")
        expectSnapshot(app.stableScreen, named: "retryingStateAt80x24")
        #expect(app.articlesScreen?.isAnimating == true, "the spinner turns while waiting to retry")
    }

    @Test func loadingStateAt80x24() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysSucceed, delay: 5))
        try await app.waitFor("Loading articles")
        expectSnapshot(app.stableScreen, named: "loadingStateAt80x24")
        #expect(app.articlesScreen?.isAnimating == true)
    }

    @Test func listAndDetailAt60x20() async throws {
        let app = try ArticlesFixture.harness(size: Size(width: 60, height: 20))
        try await app.waitFor("synced at")
        expectSnapshot(app.stableScreen, named: "listAndDetailAt60x20")
        app.press(.enter)
        expectSnapshot(app.stableScreen, named: "listAndDetailAt60x20-2")
        #expect(app.lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }

    @Test func imagesFromOtherHostsAreNeutralFramedBlocks() async throws {
        let stored = [ArticlesFixture.article(9, "Elsewhere", date: (2020, 1, 1), image: "https://images.example.com/header.jpg")]
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(404))), store: ArticlesFixture.store(with: stored))
        try await app.waitFor("answered 404")
        #expect(app.lines[5].hasPrefix("▸ ┌──┐  Elsewhere"))
        #expect(app.lines[6].hasPrefix("  └──┘  A short description."))
        app.press(.enter)
        #expect(app.contains("images.example.com"))
        #expect(app.lines[3].contains("┌────"))
        #expect(app.terminal.canvas.style(at: Point(x: 40, y: 3)).background == nil, "no colour is invented")
    }
}
