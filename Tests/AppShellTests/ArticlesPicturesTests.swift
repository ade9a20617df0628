@testable import AppShell
import ArticleDetails
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The downloaded header images on the articles screens, headless: drawn with half blocks in
/// place of the URL drawing, without moving the page, in shades without colour, from the cache
/// when offline, and the URL drawing again when a picture can't be had (Docs/images.md, "In the app").
@Suite(.timeLimit(.minutes(10))) struct ArticlesPicturesTests {
    /// The lines of the detail page's image area (rows 3…10 at 80×24).
    static func imageRows(_ app: ShellHarness) -> [String] { Array(app.lines[3...10]) }

    @Test func detailPageWithItsPictureAt80x24() async throws {
        let app = try ArticlesFixture.harness(images: .instant)
        try await app.waitFor("synced at")
        app.press(.end, .enter)
        try await app.settle()
        expectSnapshot(app.stableScreen, named: "detailPageWithItsPictureAt80x24")
        let article = try #require(ArticlesFixture.sampleInListOrder.last)
        #expect(app.articlesScreen?.pictures.picture(for: article.image) != nil)
        #expect(Self.imageRows(app).contains { $0.contains("▀") }, "drawn with half blocks")
        #expect(!Self.imageRows(app).contains { $0.contains("×") }, "not the URL's label any more")
        // Two colours a cell: the top pixel's in front, the bottom one's behind.
        let row = try #require(Self.imageRows(app).firstIndex { $0.contains("▀") })
        let x = try #require(app.lines[row + 3].firstIndex(of: "▀")).utf16Offset(in: app.lines[row + 3])
        let style = app.terminal.canvas.style(at: Point(x: x, y: row + 3))
        #expect(style.foreground != nil && style.background != nil)
    }

    @Test func theDetailPageDoesNotJumpWhenThePictureArrives() async throws {
        let slow = EndpointBehaviour(delay: 0.4...0.4, outcomes: .alwaysSucceed)
        let app = try ArticlesFixture.harness(images: slow)
        try await app.waitFor("synced at")
        app.press(.enter)
        try await app.settle()
        let before = app.lines
        #expect(before[3...10].contains { $0.contains("×") }, "while loading: the URL's drawing")
        try await app.advance(by: .milliseconds(400))
        try await app.settle()
        #expect(app.lines[3...10].contains { $0.contains("▀") }, "then the picture")
        // The picture takes the rows the short text leaves (Docs/images.md, "Sizes").
        let title = try #require(before.firstIndex { $0.contains("Cooperative zero-copy ledger") })
        #expect(title == 19, "15 rows of picture at 80×24 above a one-line description")
        #expect(Array(app.lines[title...]) == Array(before[title...]), "the title and the text stay where they were")
    }

    @Test func listWithThumbnailsAt80x24() async throws {
        let app = try ArticlesFixture.harness(images: .instant)
        try await app.waitFor("synced at")
        try await app.settle()
        expectSnapshot(app.stableScreen, named: "listWithThumbnailsAt80x24")
        let thumbnail = String(Array(app.lines[2])[2..<6])
        #expect(thumbnail.allSatisfy { $0 == "▀" })
        #expect(app.rowTitles.count == 5, "the rows read the same with pictures")
    }

    @Test func onlyTheRowsOnScreenAreRequestedAndScrollingAsksForTheNewOnes() async throws {
        let many = try ArticlesFixture.store(with: (1...1000).map { ArticlesFixture.article($0, "Article \($0)", date: (2020, 1, 1), image: "https://pictures.example/\($0).png") })
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysFail(.status(404))), store: many, images: .instant)
        try await app.settle()
        let asked = { Set(app.environment.monitor.history.filter { $0.path.hasSuffix(".png") }.map(\.path)) }
        // The failed sync's message leaves room for four rows: their pictures, and no other.
        #expect(app.rowTitles.count == 4)
        #expect(asked() == Set((1...4).map { "/\($0).png" }), "\(app.lines.joined(separator: "\n"))")
        app.press(.pageDown)
        try await app.settle()
        #expect(asked().count <= 10, "five more at most, not the thousand")
        #expect(app.lines[2...].contains { $0.contains("▀▀▀▀") })
    }

    @Test func noColorShowsShades() async throws {
        let app = try ArticlesFixture.harness(images: .instant, environment: ["NO_COLOR": "1"])
        try await app.waitFor("synced at")
        app.press(.end, .enter)
        try await app.settle()
        let rows = Self.imageRows(app)
        #expect(rows.joined().contains { "░▒▓█".contains($0) }, "shades:\n\(rows.joined(separator: "\n"))")
        #expect(!rows.joined().contains("▀"), "no half blocks without colour")
        for y in 3...10 {
            for x in 0..<80 { #expect(app.terminal.canvas.style(at: Point(x: x, y: y)).background == nil) }
        }
    }

    @Test func anOfflineLaunchShowsThePicturesShownBefore() async throws {
        let store = InMemoryRecordStore()
        let online = try ArticlesFixture.harness(store: store, images: .instant)
        try await online.waitFor("synced at")
        try await online.settle()
        let offline = EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.offline))
        let later = try ArticlesFixture.harness(offline, store: store, images: offline)
        try await later.waitFor("retry 1 of 3")
        let thumbnails = (0..<5).map { String(Array(later.lines[$0 * 4 + 2])[2..<6]) }
        #expect(thumbnails.allSatisfy { $0.contains("▀") }, "from the encrypted cache: \(thumbnails)")
        #expect(!store.names.contains { $0.contains("example") || $0.contains("dummyimage") })
    }

    @Test func aPictureThatDoesNotDecodeLeavesTheURLsDrawingAndALogLine() async throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("app.log"), time: .frozen())
        var options = LaunchOptions()
        options.challenge = .articles
        let scenario = Scenario(
            name: "broken-pictures", description: "pictures that are HTML pages", defaults: .instant,
            endpoints: [.images: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.malformed))])
        let app = try ShellHarness(options: options, scenario: scenario, logger: logger)
        try await app.waitFor("synced at")
        try await app.settle()
        #expect(String(Array(app.lines[6])[2..<6]) == "████", "the URL's colour block")
        let log = try String(contentsOfFile: folder.file("app.log"), encoding: .utf8)
        #expect(log.split(separator: "\n").filter { $0.contains("does not decode") }.count == 5, "\(log)")
    }
}

/// The pictures grow with the terminal: the detail page's from the rows its text leaves (up to
/// 20), the thumbnails from the list's width (up to 12 × 3), each decoded for the box it is
/// drawn in and asked for again only when a box clearly larger would show more
/// (Docs/images.md, "Sizes").
@Suite(.timeLimit(.minutes(10))) struct PictureSizesTests {
    /// Rows of the screen with half blocks in them, and the widest run of them.
    private func pictureExtent(_ lines: ArraySlice<String>) -> (rows: Int, columns: Int) {
        let rows = lines.filter { $0.contains("▀") }
        let columns = rows.map { $0.filter { $0 == "▀" }.count }.max() ?? 0
        return (rows.count, columns)
    }

    @Test func theDetailPictureAt120x40TakesTheRowsTheTextLeaves() async throws {
        let app = try ArticlesFixture.harness(size: Size(width: 120, height: 40), images: .instant)
        try await app.waitFor("synced at")
        app.press(.enter)
        try await app.settle()
        expectSnapshot(app.stableScreen, named: "detailPictureAt120x40")
        let extent = pictureExtent(app.lines[3...])
        #expect(extent.rows == 20, "the most a picture gets")
        #expect(extent.columns > 19, "wider than the 19 cells of a fixed 8 rows: \(extent)")
        let box = try #require(app.articlesScreen?.pictures.box)
        #expect(box.height == 40, "decoded for 20 rows")
    }

    @Test func thumbnailsGrowWithTheListsWidth() async throws {
        let app = try ArticlesFixture.harness(size: Size(width: 120, height: 40), images: .instant)
        try await app.waitFor("synced at")
        try await app.settle()
        expectSnapshot(app.stableScreen, named: "listWithThumbnailsAt120x40")
        #expect(ArticlesListView.thumbnailSize(forWidth: 120) == Size(width: 10, height: 3))
        #expect(ArticlesListView.thumbnailSize(forWidth: 80) == Size(width: 4, height: 2))
        #expect(ArticlesListView.thumbnailSize(forWidth: 200) == Size(width: 12, height: 3))
        // The first row: a landscape picture as wide as the box, three rows tall at most.
        let first = pictureExtent(app.lines[2...4])
        #expect(first.columns == 10 && first.rows >= 2, "\(first)")
        #expect(app.lines[2].dropFirst(14).hasPrefix(ArticlesFixture.sampleInListOrder[0].title), "the text starts after it")
    }

    @Test func withoutColourThePictureKeepsItsLabel() async throws {
        let app = try ArticlesFixture.harness(images: .instant, environment: ["NO_COLOR": "1"])
        try await app.waitFor("synced at")
        app.press(.enter)
        try await app.settle()
        let article = ArticlesFixture.sampleInListOrder[0]
        guard case .dummyImage(let image) = HeaderImage(url: article.image) else {
            Issue.record("the newest sample article has a dummyimage picture")
            return
        }
        #expect(app.articlesScreen?.pictures.picture(for: article.image) != nil, "the picture is drawn")
        let label = try #require(app.point(of: image.label))
        #expect(app.terminal.canvas.style(at: label).reverse, "the label over the shades")
    }

    @Test func aResizeAsksAgainOnlyWhenALargerPictureWouldShowMore() async throws {
        let app = try ArticlesFixture.harness(images: .instant)
        try await app.waitFor("synced at")
        try await app.settle()
        let url = ArticlesFixture.sampleInListOrder[0].image
        let downloads = { app.environment.monitor.history.filter { $0.path.contains("dummyimage") || $0.method == "GET" && $0.path != "/articles" }.count }
        let before = downloads()
        app.press(.enter)
        try await app.settle()
        let detail = try #require(app.articlesScreen?.pictures.picture(for: url))
        #expect(detail.bitmap.height > 8, "the page's picture decoded again, larger than the thumbnail")
        // A column or a row more: the same box, rounded up; nothing asked for.
        for size in [Size(width: 81, height: 24), Size(width: 82, height: 25), Size(width: 80, height: 24)] {
            app.resize(to: size)
            try await app.settle()
            #expect(app.articlesScreen?.pictures.picture(for: url) == detail, "\(size)")
        }
        // Much larger: decoded again, from the encrypted cache.
        app.resize(to: Size(width: 160, height: 50))
        try await app.settle()
        let large = try #require(app.articlesScreen?.pictures.picture(for: url))
        #expect(large.bitmap.height > detail.bitmap.height)
        // Smaller again: the larger picture is drawn smaller, nothing asked for.
        app.resize(to: Size(width: 80, height: 24))
        try await app.settle()
        #expect(app.articlesScreen?.pictures.picture(for: url) == large)
        #expect(downloads() == before, "every later decoding came from the cache")
    }
}
