import ArticleDetails
import Articles
import Core
import CoreTesting
import Foundation
import Testing
import TUI
@testable import AppShell

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
        #expect(Array(app.lines[11...]) == Array(before[11...]), "the title and the text stay where they were")
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
