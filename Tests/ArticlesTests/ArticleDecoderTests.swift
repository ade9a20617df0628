import Core
import Foundation
import Testing
@testable import Articles
import Contract

@Suite(.timeLimit(.minutes(10))) struct ArticleDecoderTests {
    static let seedExample = """
        [{
          "id": 1,
          "title": "Realigned multimedia framework",
          "description": "nisl aenean lectus pellentesque eget nunc donec quis orci eget orci vitae mattis nibh ligula",
          "author": "[email protected]",
          "release_date": "6/25/2018",
          "image": "http://dummyimage.com/366x582.png/5fa2dd/ffffff"
        }]
        """

    /// One valid element with `field` replaced by `value` (raw JSON) or removed (`nil`).
    static func element(_ field: String? = nil, _ value: String? = nil, id: Int = 1) -> String {
        var fields: [(String, String)] = [
            ("id", "\(id)"), ("title", #""T""#), ("description", #""D""#), ("author", #""a@example.com""#),
            ("release_date", #""7/8/2020""#), ("image", #""http://dummyimage.com/10x10""#),
        ]
        if let field {
            fields.removeAll { $0.0 == field }
            if let value { fields.append((field, value)) }
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    private func decode(_ text: String) throws(APIError) -> DecodedArticles {
        try ArticleDecoder.decode(Data(text.utf8))
    }

    @Test func seedAC_decodesTheSeedsExample() throws {
        let decoded = try decode(Self.seedExample)
        #expect(decoded.unreadableCount == 0)
        #expect(
            decoded.articles == [
                Article(
                    id: 1, title: "Realigned multimedia framework",
                    description: "nisl aenean lectus pellentesque eget nunc donec quis orci eget orci vitae mattis nibh ligula",
                    author: "[email protected]", releaseDate: date("6/25/2018"),
                    image: "http://dummyimage.com/366x582.png/5fa2dd/ffffff")
            ])
    }

    @Test(.enabled(if: capturedFixtureIsPresent, "shared/fixtures/articles-api.json is not next to the package"))
    func decodesTheCapturedResponseOfTheOriginalAPI() throws {
        let url = try #require(sharedFixture("articles-api.json"))
        let decoded = try ArticleDecoder.decode(try Data(contentsOf: url))
        #expect(decoded.unreadableCount == 0)
        #expect(decoded.articles.count == 60)
        #expect(decoded.articles.map(\.id) == Array(1...60))
        let first = try #require(decoded.articles.first)
        #expect(first.title == "Realigned multimedia framework")
        #expect(first.releaseDate == date("6/25/2018"))
        #expect(first.image == "http://dummyimage.com/366x582.png/5fa2dd/ffffff")
        #expect(decoded.articles.allSatisfy { $0.author.contains("@") && !$0.description.isEmpty })
    }

    @Test func anEmptyArrayIsAnEmptyList() throws {
        #expect(try decode("[]") == DecodedArticles(articles: []))
        #expect(try decode(" \n[ ]\n") == DecodedArticles(articles: []))
    }

    @Test(arguments: ["id", "title", "description", "author", "release_date", "image"])
    func anElementMissingAFieldIsDroppedAndCounted(field: String) throws {
        let decoded = try decode("[\(Self.element(id: 1)), \(Self.element(field, nil, id: 2))]")
        #expect(decoded.articles.map(\.id) == [1])
        #expect(decoded.unreadableCount == 1)
    }

    @Test(arguments: [
        ("id", #""1""#), ("id", "1.5"), ("id", "true"), ("id", "null"), ("id", "99999999999999999999"),
        ("title", "42"), ("title", "null"), ("description", "[]"), ("author", "{}"), ("image", "false"),
        ("release_date", #""2020-07-08""#), ("release_date", #""2/30/2020""#), ("release_date", #""""#),
        ("release_date", "20200708"), ("release_date", #""7/8/20""#),
    ])
    func anElementWithAMistypedFieldOrBadDateIsDroppedAndCounted(field: String, value: String) throws {
        let decoded = try decode("[\(Self.element(id: 1)), \(Self.element(field, value))]")
        #expect(decoded.articles.count == 1)
        #expect(decoded.unreadableCount == 1)
    }

    @Test func elementsThatAreNotObjectsAreDroppedAndCounted() throws {
        let decoded = try decode(#"[1, "two", null, true, [], {}, \#(Self.element(id: 7))]"#)
        #expect(decoded.articles.map(\.id) == [7])
        #expect(decoded.unreadableCount == 6)
    }

    @Test func unknownFieldsAreIgnored() throws {
        let decoded = try decode("[\(Self.element("extra", #"{"nested": [1, 2]}"#))]")
        #expect(decoded.articles.count == 1)
        #expect(decoded.unreadableCount == 0)
    }

    @Test func aRepeatedIdKeepsTheFirstAndCountsTheRest() throws {
        let decoded = try decode("[\(Self.element("title", #""first""#, id: 3)), \(Self.element("title", #""second""#, id: 3))]")
        #expect(decoded.articles.map(\.title) == ["first"])
        #expect(decoded.unreadableCount == 1)
    }

    @Test func textIsKeptAsSent() throws {
        let decoded = try decode("[\(Self.element("title", #""Caf\u00e9 \"quoted\" \ud83d\ude00 line\nbreak""#))]")
        #expect(decoded.articles.first?.title == "Café \"quoted\" 😀 line\nbreak")
    }

    @Test(arguments: [
        (#"{"articles": []}"#, "expected a list of articles, got an object"),
        (#""[]""#, "expected a list of articles, got a string"),
        ("42", "expected a list of articles, got a number"),
        ("-1", "expected a list of articles, got a number"),
        ("true", "expected a list of articles, got true or false"),
        ("null", "expected a list of articles, got null"),
        ("", "the response is empty"),
        ("  \n ", "the response is empty"),
        ("<html>Service unavailable</html>", "the response is not valid JSON"),
        ("[{\"id\": 1,", "the response is not valid JSON"),
        ("{\"id\": ", "the response is not valid JSON"),
        ("[1, 2", "the response is not valid JSON"),
    ])
    func aBodyThatIsNotAnArrayFailsWithAClearMessage(body: String, message: String) {
        #expect(throws: APIError.undecodable(message)) { try decode(body) }
    }

    @Test func invalidUTF8FailsWithAClearMessage() {
        var bytes = Array("[\(Self.element("title", "\"x\""))]".utf8)
        bytes.insert(contentsOf: [0xC3, 0x28, 0xFF], at: bytes.count - 4)
        #expect(throws: APIError.undecodable("the response is not UTF-8 text")) {
            try ArticleDecoder.decode(Data(bytes))
        }
    }

    @Test func aFailedDecodeExplainsItselfToPeople() {
        let error = APIError.undecodable(ArticleDecoder.describeFailure(of: Data("{}".utf8)))
        #expect(error.message == "Unexpected response from the server: expected a list of articles, got an object")
        #expect(!error.isTransient)
    }

    @Test func deeplyNestedInputFailsWithoutCrashing() {
        let body = String(repeating: "[", count: 100_000)
        #expect(throws: APIError.self) { try decode(body) }
        let nested = "[" + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "]"
        #expect(throws: APIError.self) { try decode(nested) }
    }

    @Test func arbitraryBytesNeverCrashTheDecoder() {
        var random = SeededRandom(seed: 6)
        let alphabet = Array(#"[]{}",:0123456789.-eEtruefalsn \"\\u/x"#.utf8) + [0xFF, 0xC3, 0x00]
        let valid = Array("[\(Self.element())]".utf8)
        for round in 0..<500 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int(random.next() % 64)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            } else {
                // A valid body with a few bytes changed.
                bytes = valid
                for _ in 0..<3 { bytes[Int(random.next() % UInt64(bytes.count))] = alphabet[Int(random.next() % UInt64(alphabet.count))] }
            }
            do {
                let decoded = try ArticleDecoder.decode(Data(bytes))
                #expect(Set(decoded.articles.map(\.id)).count == decoded.articles.count)
            } catch {
                guard case .undecodable = error else {
                    Issue.record("unexpected error \(error)")
                    continue
                }
            }
        }
    }

    // MARK: Size limits (Docs/security.md)

    @Test(arguments: [
        ("title", ArticleDecoder.maximumTitleBytes), ("author", ArticleDecoder.maximumAuthorBytes),
        ("description", ArticleDecoder.maximumDescriptionBytes), ("image", ArticleDecoder.maximumImageURLBytes),
    ])
    func aFieldOverItsLimitIsCutWithAnEllipsisAndCounted(field: String, limit: Int) throws {
        let long = String(repeating: "a", count: 1 << 20)
        let decoded = try decode("[\(Self.element(id: 1)), \(Self.element(field, "\"\(long)\"", id: 2))]")
        #expect(decoded.articles.map(\.id) == [1, 2])
        #expect(decoded.unreadableCount == 1, "kept, but not read fully")
        let article = try #require(decoded.articles.last)
        let value = switch field {
        case "title": article.title
        case "author": article.author
        case "description": article.description
        default: article.image
        }
        #expect(value.utf8.count == limit)
        #expect(value == String(repeating: "a", count: limit - 3) + "…")
    }

    @Test func fieldsAtTheirLimitAreKeptWhole() throws {
        let title = String(repeating: "t", count: ArticleDecoder.maximumTitleBytes)
        let decoded = try decode("[\(Self.element("title", "\"\(title)\""))]")
        #expect(decoded.articles.first?.title == title)
        #expect(decoded.unreadableCount == 0)
    }

    @Test func aCutNeverSplitsACharacter() {
        // "é" as e + combining accent (3 bytes), "€" (3 bytes), "😀" (4 bytes): the cut falls
        // inside each of them in turn and moves back to the character before.
        for unit in ["e\u{301}", "€", "😀", "👩‍👩‍👧"] {
            for limit in 4...24 {
                let text = String(repeating: unit, count: 20)
                let cut = ArticleDecoder.truncated(text, toBytes: limit)
                #expect(cut.utf8.count <= limit, "\(unit) \(limit)")
                #expect(cut.hasSuffix("…"))
                let kept = cut.dropLast()
                #expect(kept.allSatisfy { String($0) == unit }, "\(unit) \(limit): \(kept)")
            }
        }
        #expect(ArticleDecoder.truncated("short", toBytes: 5) == "short")
        #expect(ArticleDecoder.truncated("\u{0301}\u{0301}\u{0301}\u{0301}", toBytes: 4) == "…")
    }

    @Test func aHugeResponseDecodesToArticlesOfBoundedSize() throws {
        let megabyte = String(repeating: "x ", count: 1 << 19)
        let elements = (1...4).map { Self.element("description", "\"\(megabyte)\"", id: $0) }
        let decoded = try decode("[" + elements.joined(separator: ",") + "]")
        #expect(decoded.articles.count == 4)
        #expect(decoded.unreadableCount == 4)
        #expect(decoded.articles.allSatisfy { $0.description.utf8.count <= ArticleDecoder.maximumDescriptionBytes })
    }
}
