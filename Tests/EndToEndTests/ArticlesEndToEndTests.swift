import Foundation
import Testing

/// The real binary on a pseudo-terminal: the articles list, a detail page and back, then out.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ArticlesEndToEndTests {
    private let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-e2e-\(UUID().uuidString)")

    @Test func listThenDetailThenBackThenOut() async throws {
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let terminal = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--scenario", "happy", "--challenge", "articles"],
            environment: BuiltProducts.isolatedEnvironment(dataDir: dataDir))
        try await terminal.waitFor("Articles · 60 articles")
        // The thumbnail: the URL's colour block, or already the downloaded picture (half blocks,
        // or shades on a terminal without colours). Waited for: a capture may fall between two
        // writes of the same frame.
        try await terminal.waitUntil("the first row's thumbnail") { screen in
            screen.contains { line in
                line.hasPrefix("▸ ") && Array(line).dropFirst(2).prefix(4).contains { "█▀░▒▓".contains($0) }
            }
        }
        try await terminal.waitFor("synced at")

        try terminal.send("Down")
        // Rows are four lines tall under a two-line header: the second row starts on line 6.
        try await terminal.waitUntil("the second row selected") { $0.count > 6 && $0[6].hasPrefix("▸") }
        try terminal.send("Enter")
        try await terminal.waitFor("‹ Back")
        // The release date as the challenge wants it: "Wed, Jul 8, '20". Waited for, not read once:
        // a capture may fall between two writes of the same frame.
        try await terminal.waitUntil("the author and the formatted date") { screen in
            screen.contains { $0.range(of: #"  ·  [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, '\d\d"#, options: .regularExpression) != nil }
        }

        try terminal.send("Escape")
        try await terminal.waitFor("Articles · 60 articles")
        try terminal.send("q")
        try await terminal.waitFor("Navigation flow")
        try terminal.send("q")
        let (status, _) = try await terminal.waitForExit()
        #expect(status == 0)
        // What was stored is sealed: no title in the clear anywhere in the data dir.
        let files = FileManager.default.enumerator(at: dataDir, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            let data = (try? Data(contentsOf: url)) ?? Data()
            #expect(data.range(of: Data("Cooperative zero-copy ledger".utf8)) == nil, "\(url.lastPathComponent)")
        }
    }
}
