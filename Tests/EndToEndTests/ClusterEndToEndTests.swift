import Foundation
import Testing

/// Articles titled with every kind of grapheme cluster terminals disagree on, in the real app on
/// tmux at three widths: the text after each cluster is in its column and no cell is left stale,
/// after scrolling down and back (Docs/configuration.md, "Wide characters and emoji").
@Suite(.serialized, .timeLimit(.minutes(10))) struct ClusterEndToEndTests {
    /// Each title's start, four columns on the canvas, and the letter that names its article.
    /// The last is plain: what every other row must look like.
    static let clusters: [(start: String, letter: Character)] = [
        ("🇫🇷--", "A"),                                   // a flag: two regional indicators
        ("👨‍👩‍👧--", "B"),                                   // a ZWJ family
        ("👍🏽--", "C"),                                   // a skin tone
        ("☺️--", "D"),                                     // VS16 on a one-column base
        ("1️⃣--", "E"),                                    // a keycap
        ("e\u{301}\u{302}\u{303}\u{304}\u{305}---", "F"), // stacked combining marks
        ("🏳️‍🌈--", "G"),                                   // VS16 and ZWJ
        ("T\u{202E}[\u{202C}--", "H"),                      // bidi controls, never drawn: T[--
        ("a\u{200D}b--", "I"),                              // a joiner between letters
        ("🇫🇷👨‍👩‍👧", "J"),                                   // two clusters side by side
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}--", "K"), // a subdivision flag (tags)
        ("plai", "Z"),
    ]

    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-clusters-\(UUID().uuidString)")

    /// At three widths under tmux's own type, and at 80 columns under every terminal type of
    /// the matrix (Docs/configuration.md, "Terminals").
    static let cases: [(width: Int, type: String)] = [(60, "tmux-256color"), (80, "tmux-256color"), (200, "tmux-256color")]
        + TerminalTypesEndToEndTests.types.map { (80, $0) }

    @Test(arguments: cases) func theTextAfterEveryClusterStaysInItsPlace(_ width: Int, _ type: String) async throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let articles = root.appendingPathComponent("articles.json")
        let list = Self.clusters.enumerated().map { index, cluster in
            let title = cluster.start + " after#\(cluster.letter)"
            return #"{"id":\#(index + 1),"title":"\#(title)","description":"d \#(title)","author":"a@example.com","#
                + #""release_date":"7/\#(28 - index)/2020","image":"http://127.0.0.1:9/p.png"}"#
        }
        try Data(("[" + list.joined(separator: ",") + "]").utf8).write(to: articles)
        let server = try TmuxTerminal(
            [BuiltProducts.path("challenge-server"), "--port", "0", "--articles-file", articles.path], environment: ["LANG": "C.UTF-8"])
        let banner = try await server.waitFor("listening on http://127.0.0.1:")
        let port = try #require(banner.lazy.compactMap { $0.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { UInt16($0.1) } }.first)
        let app = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--backend", "http", "--server", "http://127.0.0.1:\(port)", "--challenge", "articles"],
            width: width,
            environment: BuiltProducts.isolatedEnvironment(dataDir: root.appendingPathComponent("data")).merging(["TERM": type]) { $1 })

        var rows = try Self.rows(try await app.waitFor("after#A"))
        // Down to the last article one row at a time, then back to the first: every row redrawn
        // over others, from either side, and read at each step.
        let letters = Self.clusters.map(\.letter)
        for (key, letter) in letters.dropFirst().map({ ("Down", $0) }) + letters.reversed().dropFirst().map({ ("Up", $0) }) {
            try app.send(key)
            rows += try Self.rows(try await app.waitUntil("after#\(letter) selected") { screen in
                screen.contains { $0.contains("▸") && $0.contains("after#\(letter)") }
            })
        }
        #expect(Set(rows.map(\.letter)).isSuperset(of: Self.clusters.map(\.letter)))
        // Every title the same width on the canvas: the same blanks after each, up to the date
        // (title rows) or the scroll bar (description rows), whatever the cluster before.
        for isTitle in [true, false] {
            let kind = rows.filter { $0.isTitle == isTitle }
            let plain = try #require(kind.first { $0.letter == "Z" })
            for row in kind {
                #expect(row.blanks == plain.blanks, "after#\(row.letter) moved or stale: \(row.line)")
            }
        }

        try app.send("q")
        try await app.waitFor("Navigation flow")
        try app.send("q")
        #expect(try await app.waitForExit().status == 0)
    }

    /// A first name typed with a family, a flag, a skin tone and VS16: the family and the flag
    /// reach tmux whole, and the rows below (the PASSWORD divider) hold nothing of them.
    @Test(arguments: [60, 80, 200]) func emojiTypedInANameStayInTheirRow(_ width: Int) async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let app = try TmuxTerminal(
            [BuiltProducts.path("challenge-tui"), "--scenario", "happy", "--challenge", "profile"],
            width: width, environment: BuiltProducts.isolatedEnvironment(dataDir: root.appendingPathComponent("data")))
        try await app.waitFor("Johnny B")
        try app.send("Tab")
        try app.send("C-u")
        try app.type("👨‍👩‍👧 Ann 🇫🇷 👍🏽 ☺️ x")
        let screen = try await app.waitFor("● unsaved")
        let name = try #require(screen.firstIndex { $0.contains("First Name") })
        // Each cluster is two columns on the canvas; tmux shows them in 1 to 4, so the row is
        // read from its end: "x" and nothing stale after it.
        #expect(screen[name].hasSuffix(" x") || screen[name].contains(" x "), "\(screen[name])")
        #expect(screen[name].contains(" Ann "), "\(screen[name])")
        // tmux 3.3 holds a family and a flag in one cell: both reach it whole.
        #expect(screen[name].contains("👨‍👩‍👧 Ann 🇫🇷 "), "\(screen[name])")
        for (index, line) in screen.enumerated() where index != name {
            #expect(Self.sequenceParts(line) == 0, "row \(index): \(line)")
        }
        let divider = try #require(screen.first { $0.contains("PASSWORD") })
        #expect(divider.drop { $0 != "─" }.allSatisfy { $0 == "─" }, "\(divider)")
    }

    /// A row that shows an article's title (with its date) or description.
    struct Row {
        var letter: Character
        var isTitle: Bool
        /// The blanks after "after#X", up to the date or the scroll bar.
        var blanks: Int
        var line: String
    }

    /// The rows of `screen` that show an article; no joiner or skin tone is anywhere else.
    private static func rows(_ screen: [String]) throws -> [Row] {
        screen.compactMap { line in
            guard let marker = line.range(of: "after#"), let letter = line[marker.upperBound...].first else {
                #expect(sequenceParts(line) == 0, "\(line)")
                return nil
            }
            // Joiners, skin tones and tags only from the row's own cluster (a terminal may drop
            // some): a longer cluster's leftovers kept in another cell would be more.
            let cluster = clusters.first { $0.letter == letter }?.start ?? ""
            #expect(sequenceParts(line) <= sequenceParts(cluster), "leftovers on the row of after#\(letter): \(line)")
            let after = line[line.index(after: marker.upperBound)...]
            let blanks = after.prefix { $0 == " " }.count
            let next = after.dropFirst(blanks).first
            // The date is the only text after a title ("Mon, Jul 20, '20"); a description is
            // followed by the scroll bar. A stale cell reads as a title row with other blanks.
            let isTitle = next.map { !"┃│".contains($0) } ?? false
            return Row(letter: letter, isTitle: isTitle, blanks: blanks, line: line)
        }
    }

    /// The joiners, skin tones and tag characters in `text`.
    private static func sequenceParts(_ text: String) -> Int {
        text.unicodeScalars.filter { $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) || (0xE0000...0xE007F).contains($0.value) }.count
    }
}
