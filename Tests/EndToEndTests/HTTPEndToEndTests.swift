import Foundation
import Testing

/// The real app against the real challenge-server over HTTP: the shipped executable loads
/// libcurl on first use (`dlopen`), fetches the articles, and the inspector shows the request.
@Suite(.serialized) struct HTTPEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")

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
        let server = try TmuxTerminal(
            [BuiltProducts.path("challenge-server"), "--port", "0", "--articles-file", articles.path], environment: ["LANG": "C.UTF-8"])
        let banner = try await server.waitFor("listening on http://127.0.0.1:")
        let line = try #require(banner.first { $0.contains("listening on") })
        let port = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { UInt16($0.1) })

        let app = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--backend", "http", "--server", "http://127.0.0.1:\(port)",
             "--challenge", "articles"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
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
}
