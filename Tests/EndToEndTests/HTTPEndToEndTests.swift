import Foundation
import Testing

/// The real app against the real challenge-server over HTTP: the shipped executable loads
/// libcurl on first use (`dlopen`), fetches the articles, and the inspector shows the request.
@Suite(.serialized) struct HTTPEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")

    @Test func articlesComeFromTheRealServerThroughLibcurl() async throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let server = try TmuxTerminal([BuiltProducts.path("challenge-server"), "--port", "0"], environment: ["LANG": "C.UTF-8"])
        let banner = try await server.waitFor("listening on http://127.0.0.1:")
        let line = try #require(banner.first { $0.contains("listening on") })
        let port = try #require(line.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { UInt16($0.1) })

        let app = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--backend", "http", "--server", "http://127.0.0.1:\(port)",
             "--challenge", "articles"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        try await app.waitFor("Articles · 60 articles")
        try await app.waitFor("synced at")
        try app.send("n")
        try await app.waitUntil("the request in the inspector") { screen in
            screen.contains { $0.contains("GET  /articles") && $0.contains(" 200 ") }
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
