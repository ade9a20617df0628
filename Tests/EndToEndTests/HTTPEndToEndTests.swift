import Foundation
import Testing

/// The real app against the real challenge-server over HTTP: the shipped executable loads
/// libcurl on first use (`dlopen`), fetches the articles, and the inspector shows the request.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HTTPEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")

    /// challenge-server on a free port, serving `articles` (with `extra` options), and its port.
    private func startServer(articles: URL, _ extra: [String] = []) async throws -> (TmuxTerminal, UInt16) {
        let server = try TmuxTerminal(
            [BuiltProducts.path("challenge-server"), "--port", "0", "--articles-file", articles.path] + extra,
            environment: ["LANG": "C.UTF-8"])
        let banner = try await server.waitFor("listening on http://127.0.0.1:")
        let line = try #require(banner.first { $0.contains("listening on") })
        let port = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { UInt16($0.1) })
        return (server, port)
    }

    /// The app on the articles challenge, over HTTP from the server on `port`.
    private func launchArticles(port: UInt16, dataDir: URL) throws -> TmuxTerminal {
        try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--backend", "http", "--server", "http://127.0.0.1:\(port)",
             "--challenge", "articles"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
    }

    @Test func articlesComeFromTheRealServerThroughLibcurl() async throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        // One article whose picture is on a closed local port: the inspector then holds the
        // articles request and the picture's two attempts (pictures go through libcurl too, and
        // are retried once), all on screen, and nothing reaches the internet.
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        let articles = dataDir.appendingPathComponent("articles.json")
        try Data("""
            [{"id":1,"title":"Only article","description":"Its picture can't be had.","author":"a@example.com",
              "release_date":"7/8/2020","image":"http://127.0.0.1:9/picture.png"}]
            """.utf8).write(to: articles)
        let (server, port) = try await startServer(articles: articles)
        let app = try launchArticles(port: port, dataDir: dataDir)
        try await app.waitFor("Articles · 1 article")
        try await app.waitFor("synced at")
        try app.send("n")
        try await app.waitUntil("the request in the inspector") { screen in
            screen.contains { $0.contains("GET  /articles") && $0.contains(" 200 ") }
        }
        try await app.waitUntil("the picture's two attempts") { screen in
            screen.contains { $0.contains("GET  /picture.png") && $0.contains("#2") }
        }
        try await server.waitFor("GET /articles 200")

        try app.send("n")
        try app.send("q")
        try await app.waitFor("Navigation flow")
        try app.send("q")
        let (status, _) = try await app.waitForExit()
        #expect(status == 0)
    }

    @Test func aPictureFromTheRealServerIsDrawnWithHalfBlocks() async throws {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        // A dummyimage.com picture, pointed at the server by --local-images: the server draws it,
        // the app downloads it through libcurl, decodes it and draws it with ▀.
        try FileManager.default.createDirectory(at: dataDir, withIntermediateDirectories: true)
        let articles = dataDir.appendingPathComponent("articles.json")
        try Data("""
            [{"id":1,"title":"A red picture","description":"Drawn by challenge-server.","author":"a@example.com",
              "release_date":"7/8/2020","image":"http://dummyimage.com/300x200.png/ff0000/ffffff"}]
            """.utf8).write(to: articles)
        let (server, port) = try await startServer(articles: articles, ["--local-images"])
        let app = try launchArticles(port: port, dataDir: dataDir)
        try await app.waitFor("A red picture")
        try app.send("Enter")
        try await app.waitFor("Drawn by challenge-server.")
        try await server.waitFor("GET /300x200.png/ff0000/ffffff 200")
        // In colour, cells of ▀; where the terminal has no colour (NO_COLOR when the test
        // runner sets it), the red's shade, ░. Before the picture arrives the area is a frame
        // around "127.0.0.1" (the URL is not dummyimage.com's any more), so either means the
        // picture itself is drawn.
        try await app.waitUntil("the picture drawn with half blocks or shades") { screen in
            screen.contains { line in line.filter { $0 == "▀" }.count >= 10 || line.contains(String(repeating: "░", count: 10)) }
        }

        try app.send("q")
        try await app.waitFor("Navigation flow")
        try app.send("q")
        let (status, _) = try await app.waitForExit()
        #expect(status == 0)
    }
}
