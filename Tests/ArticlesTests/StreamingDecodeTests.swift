import Contract
import Foundation
import Testing
@testable import Articles
@testable import Core

/// A feed decoded while it arrives reads exactly as the same feed decoded whole: wherever the
/// bytes stop for a while (inside a string, an escape, a character of several bytes, a number,
/// a literal, between elements), the same articles, the same ones set aside, the same error
/// (Docs/performance.md, "Articles at scale").
@Suite(.timeLimit(.minutes(10))) struct StreamingDecodeTests {
    typealias Parsed = (rows: [ArticleList.Row], unreadable: Int, bytes: [UInt8])

    /// Parses `body` whole, or (`step`) as if it arrived `step` bytes at a time.
    static func parse(_ body: [UInt8], step: Int? = nil) -> Result<Parsed, InPlaceArticleParser.Failure> {
        var bytes = body
        guard let start = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x0A }), bytes[start] == UInt8(ascii: "[") else {
            return .failure(.syntax(at: -1))
        }
        return bytes.withUnsafeMutableBytes { raw in
            var parser = step.map { step in
                InPlaceArticleParser(raw, arrayAt: start, available: min(raw.count, start + step), more: { min(raw.count, $0) }, refillStep: step)
            } ?? InPlaceArticleParser(raw, arrayAt: start)
            do throws(InPlaceArticleParser.Failure) {
                try parser.parse()
                return .success((parser.rows, parser.unreadable, Array(raw.prefix(parser.writtenCount))))
            } catch {
                return .failure(error)
            }
        }
    }

    static func same(_ a: Result<Parsed, InPlaceArticleParser.Failure>, _ b: Result<Parsed, InPlaceArticleParser.Failure>) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): x.rows == y.rows && x.unreadable == y.unreadable && x.bytes == y.bytes
        case (.failure(.syntax(let x)), .failure(.syntax(let y))): x == y
        case (.failure(.notUTF8), .failure(.notUTF8)): true
        default: false
        }
    }

    static let tricky = """
        [ {"id": 1, "title": "Caf\\u00e9 \\"quoted\\" \\ud83d\\ude00 line\\nbreak \\/ \\\\ \\b\\f\\r\\t", "description": "Grüße, 日本, 😀 and \\u0041",
           "author": "a@example.com", "release_date": "7/8/2020", "image": "http://dummyimage.com/10x10",
           "extra": {"nested": [1, -2.5e+3, 0.25, true, false, null, "x\\u0020y", {"deeper": []}]}, "more": -0},
          42, "not an article", null, [1, 2],
          {"id": 2, "title": "lone \\ud800 surrogate", "description": "d", "author": "a", "release_date": "7/8/2020", "image": "i"},
          {"id": 3.5, "title": "t", "description": "d", "author": "a", "release_date": "7/8/2020", "image": "i"},
          {"id": 4, "title": "t", "description": "d", "author": "a", "release_date": "2/30/2020", "image": "i"},
          {"id": 1, "title": "repeated", "description": "d", "author": "a", "release_date": "1/2/2021", "image": "i"},
          {"id": 0, "title": "\(String(repeating: "é", count: 700))", "description": "", "author": "", "release_date": "12/31/1999", "image": ""},
          {"id": -7, "title": "last", "description": "d", "author": "a", "release_date": "1/1/2001", "image": "i"}
        ]\n
        """

    @Test(arguments: [1, 2, 3, 5, 64])
    func aFeedArrivingInPiecesReadsAsTheWholeFeed(step: Int) throws {
        let bodies = [Self.tricky, ArticleDecoderTests.seedExample, "[]", " [ ] ", String(decoding: SampleArticles.json(count: 30), as: UTF8.self)]
        for body in bodies {
            let whole = Self.parse(Array(body.utf8))
            #expect(Self.same(whole, Self.parse(Array(body.utf8), step: step)), "\(body.prefix(40))")
        }
        guard case .success(let parsed) = Self.parse(Array(Self.tricky.utf8), step: step) else {
            Issue.record("the tricky feed did not parse")
            return
        }
        #expect(parsed.rows.map(\.id) == [1, 0, -7])
        #expect(parsed.unreadable == 9, "4 that are not objects, a lone surrogate, a fraction for an id, a bad date, a repeated id, a title cut")
    }

    @Test func brokenFeedsFailAtTheSamePlaceWhicheverWayTheyArrive() {
        var random = SeededRandom(seed: 11)
        let alphabet = Array(#"[]{}",:0123456789.-eEtruefalsn \"\\u/xé"#.utf8) + [0xFF, 0xC3, 0x80, 0x00, 0xF0, 0x9F]
        let valid = Array(Self.tricky.utf8)
        for _ in 0..<400 {
            var bytes = valid
            for _ in 0..<(1 + Int(random.next() % 3)) {
                bytes[Int(random.next() % UInt64(bytes.count))] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            if random.next() % 4 == 0 { bytes.removeLast(Int(random.next() % UInt64(bytes.count))) }
            let whole = Self.parse(bytes)
            for step in [1, 7] {
                #expect(Self.same(whole, Self.parse(bytes, step: step)), "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    /// The eight-bytes-at-a-time scan stops at the first byte the byte loop must look at,
    /// wherever it is in the word, and never past the end it was given.
    @Test func thePlainRunStopsAtTheFirstByteThatNeedsALook() {
        for special: UInt8 in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x1F, 0x80, 0xC3, 0xFF] {
            for at in 0..<20 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 24)
                bytes[at] = special
                // Bytes that flag nothing around it: the largest below 0x80 and the smallest at 0x20.
                if at + 1 < bytes.count { bytes[at + 1] = 0x7F }
                if at > 0 { bytes[at - 1] = 0x20 }
                bytes.withUnsafeMutableBufferPointer { buffer in
                    let p = buffer.baseAddress!
                    #expect(InPlaceArticleParser.plainRun(p, from: 0, to: 24) == at, "\(special) at \(at)")
                    #expect(InPlaceArticleParser.plainRun(p, from: 0, to: at) <= at)
                }
            }
        }
        var plain = [UInt8](repeating: UInt8(ascii: "z"), count: 21)
        plain.withUnsafeMutableBufferPointer { #expect(InPlaceArticleParser.plainRun($0.baseAddress!, from: 3, to: 21) == 19, "a whole word at a time, then the byte loop") }
    }

    @Test func aFeedFedFromAnotherThreadDecodesAsTheWholeFeed() throws {
        let feed = SampleArticles.json(count: 3_000)
        let body = IncomingBody(capacity: feed.count)
        let feeder = try #require(JoinableThread.start {
            var offset = 0
            while offset < feed.count {
                let piece = feed[offset..<min(feed.count, offset + 1_500)]
                _ = piece.withUnsafeBytes { body.append($0) }
                offset += piece.count
            }
            body.finish()
        })
        let decoded = try ArticleDecoder.decode(body)
        feeder.join()
        #expect(wholeListsEqual(decoded == (try ArticleDecoder.decode(feed))))
        #expect(decoded.articles.count == 3_000)
    }

    @Test func aFeedCutShortIsNotValidJSON() {
        let feed = SampleArticles.json(count: 100)
        let body = IncomingBody(capacity: feed.count)
        _ = feed.prefix(feed.count / 2).withUnsafeBytes { body.append($0) }
        body.finish()
        #expect(throws: APIError.undecodable("the response is not valid JSON")) { try ArticleDecoder.decode(body) }
    }

    @Test(arguments: [
        (#"{"articles": []}"#, "expected a list of articles, got an object"),
        ("   ", "the response is empty"),
        ("", "the response is empty"),
        ("[1, \u{FF}", "the response is not UTF-8 text"),
    ])
    func aStreamedFeedThatIsNotAListSaysWhatItIs(text: String, message: String) {
        let bytes = text == "[1, \u{FF}" ? Array("[1, ".utf8) + [0xFF] : Array(text.utf8)
        let body = IncomingBody(capacity: bytes.count)
        _ = bytes.withUnsafeBytes { body.append($0) }
        body.finish()
        #expect(throws: APIError.undecodable(message)) { try ArticleDecoder.decode(body) }
    }

    @Test func theReaderSaysHowFarItHasReadAndThatItSorts() {
        let reports = Reports()
        let reader = ArticlesReader { reports.append($0) }
        let result = reader.read(IncomingBody(complete: SampleArticles.json(count: 20_000)))
        guard case .success(let decoded) = result else {
            Issue.record("no list: \(result)")
            return
        }
        #expect(decoded.articles.isSortedByRelease)
        #expect(reports.values == [.reading(count: 10_000), .reading(count: 20_000), .sorting(count: 20_000)])
        #expect(reader.read(IncomingBody(complete: Data("{}".utf8))) == .failure(.undecodable("expected a list of articles, got an object")))
    }
}

private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [SyncProgress] = []
    func append(_ step: SyncProgress) { lock.withLock { list.append(step) } }
    var values: [SyncProgress] { lock.withLock { list } }
}
