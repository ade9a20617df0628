import Core
import Foundation
import Testing
@testable import Articles
import Contract

/// 100,000 articles, generated here (never committed): the seed's rules hold at scale, and the
/// compact list and the chunked store keep every article whole (Docs/performance.md, "Articles
/// at scale"). No timings: speed is the bench's.
@Suite(.timeLimit(.minutes(10))) struct ArticlesAtScaleTests {
    static let count = 100_000
    static let articles = SampleArticles.articles(count: count)
    static let feed = SampleArticles.json(count: count)

    @Test func aFeedOf100000DecodesInPlaceToTheSameArticles() throws {
        let decoded = try ArticleDecoder.decode(Self.feed)
        #expect(decoded.unreadableCount == 0)
        #expect(decoded.articles.count == Self.count)
        #expect(wholeListsEqual(decoded.articles == Self.articles))
        // The answer's own buffer became the list's: no more text than the answer had.
        #expect(decoded.articles.byteCount < Self.feed.count)
    }

    @Test func oneMalformedArticleAmong100000SetsOnlyThatOneAside() throws {
        var text = String(decoding: Self.feed, as: UTF8.self)
        // The 50,000th article's date becomes one that does not exist.
        let victim = Self.articles[49_999]
        let needle = "{\"id\":\(victim.id),"
        let range = try #require(text.range(of: needle))
        let date = try #require(text.range(of: "\"release_date\":\"\(victim.releaseDate)\"", range: range.upperBound..<text.endIndex))
        text.replaceSubrange(date, with: "\"release_date\":\"2/30/2020\"")
        let decoded = try ArticleDecoder.decode(Data(text.utf8))
        #expect(decoded.unreadableCount == 1)
        #expect(decoded.articles.count == Self.count - 1)
        #expect(decoded.articles.index(ofID: victim.id) == nil)
        #expect(decoded.articles.id(at: 49_999) == Self.articles[50_000].id)
    }

    @Test func syntaxBrokenHalfWayFailsTheWholeBody() {
        // A feed cut in the middle (what an interrupted transfer would hand over, had it not
        // failed already) is not a list: nothing of it is taken.
        let half = Self.feed.prefix(Self.feed.count / 2)
        #expect(throws: APIError.undecodable("the response is not valid JSON")) { try ArticleDecoder.decode(Data(half)) }
    }

    @Test func seedAC4_theListIsSortedNewestFirstOnPrecomputedKeys() throws {
        let decoded = try ArticleDecoder.decode(Self.feed)
        let sorted = decoded.articles.sortedByRelease()
        #expect(sorted.isSortedByRelease)
        #expect(!decoded.articles.isSortedByRelease)
        #expect(wholeListsEqual(Array(sorted) == Self.articles.sortedByRelease()))
        // Newest first, equal days by id.
        for index in stride(from: 1, to: sorted.count, by: 997) {
            let (newer, older) = (sorted[index - 1], sorted[index])
            #expect(newer.releaseDate > older.releaseDate || (newer.releaseDate == older.releaseDate && newer.id < older.id))
        }
    }

    @Test func theStoredListIsChunkedAndTheFirstChunkComesAlone() throws {
        let store = InMemoryRecordStore()
        let list = try ArticleDecoder.decode(Self.feed).articles.sortedByRelease()
        #expect(ArticlesCache.save(StoredArticles(articles: list, unreadableCount: 2), to: store) == nil)
        let chunks = store.names.filter { $0.hasPrefix("articles.list.1.") }
        #expect(chunks.count == 1 + (Self.count - ArticlesCache.firstChunkSize + ArticlesCache.chunkSize - 1) / ArticlesCache.chunkSize)

        let first = try #require(try ArticlesCache.loadFirst(from: store).get())
        #expect(first.isPartial)
        #expect(first.storedCount == Self.count)
        #expect(first.articles.count == ArticlesCache.firstChunkSize)
        #expect(wholeListsEqual(first.articles == ArticleList(list.prefix(ArticlesCache.firstChunkSize))))

        let whole = try #require(try ArticlesCache.load(from: store).get())
        #expect(!whole.isPartial)
        #expect(whole.unreadableCount == 2)
        #expect(wholeListsEqual(whole.articles == list))
    }

    @Test func aSaveCutShortLeavesTheStoredListAsItWas() throws {
        let list = try ArticleDecoder.decode(Self.feed).articles.sortedByRelease()
        let store = FailingAfterStore(writesAllowed: .max)
        #expect(ArticlesCache.save(StoredArticles(articles: ArticleList(list.prefix(1000))), to: store) == nil)
        // The next save of 100,000 fails half way through its chunks.
        store.writesAllowed = 10
        #expect(ArticlesCache.save(StoredArticles(articles: list), to: store) != nil)
        let stored = try #require(try ArticlesCache.load(from: store).get())
        #expect(wholeListsEqual(stored.articles == ArticleList(list.prefix(1000))))
        // And a later save replaces it whole, the old chunks gone.
        store.writesAllowed = .max
        #expect(ArticlesCache.save(StoredArticles(articles: list), to: store) == nil)
        #expect(wholeListsEqual(try ArticlesCache.load(from: store).get()?.articles == list))
        #expect(!store.backing.names.contains { $0.hasPrefix("articles.list.1.") })
    }

    /// A save cut short leaves chunks of a generation no manifest names: the next full load
    /// (the sync failed) or the next save removes them, and nothing else.
    @Test func theChunksOfASaveCutShortAreRemovedOnceAManifestIsRead() throws {
        let list = try ArticleDecoder.decode(Self.feed).articles.sortedByRelease()
        let store = FailingAfterStore(writesAllowed: .max)
        #expect(ArticlesCache.save(StoredArticles(articles: ArticleList(list.prefix(1000))), to: store) == nil)
        // Not chunks of the list, though their names look alike: never touched.
        let others = ["articles.list.unreadable", "articles.list.2", "articles.list.2.x", "articles.list.2.3.4", "articles.listing.2.3", "notes.2.3"]
        for name in others { try store.backing.write(Data("keep".utf8), to: name) }
        store.writesAllowed = 10
        #expect(ArticlesCache.save(StoredArticles(articles: list), to: store) != nil)
        let leftovers = store.backing.names.filter { $0.hasPrefix("articles.list.2.") && !others.contains($0) }
        #expect(leftovers.count == 10)

        // The start-up read changes nothing; the full read (after a failed sync) cleans.
        _ = try ArticlesCache.loadFirst(from: store).get()
        #expect(store.backing.names.filter { $0.hasPrefix("articles.list.2.") && !others.contains($0) }.count == 10)
        #expect(wholeListsEqual(try ArticlesCache.load(from: store).get()?.articles == ArticleList(list.prefix(1000))))
        #expect(store.backing.names == ([ArticlesCache.recordName, "articles.list.1.0", "articles.list.1.1"] + others).sorted())

        // Cut again, then a smaller list saved whole: the same generation's extra chunks go too.
        store.writesAllowed = 10
        #expect(ArticlesCache.save(StoredArticles(articles: list), to: store) != nil)
        store.writesAllowed = .max
        #expect(ArticlesCache.save(StoredArticles(articles: ArticleList(list.prefix(300))), to: store) == nil)
        #expect(store.backing.names == ([ArticlesCache.recordName, "articles.list.2.0", "articles.list.2.1"] + others).sorted())
        #expect(wholeListsEqual(try ArticlesCache.load(from: store).get()?.articles == ArticleList(list.prefix(300))))
    }

    @Test func withoutAReadableManifestNoChunkIsRemoved() throws {
        let store = FailingAfterStore(writesAllowed: .max)
        #expect(ArticlesCache.save(StoredArticles(articles: ArticleList(Self.articles.prefix(300))), to: store) == nil)
        try store.backing.write(Data("not a manifest".utf8), to: ArticlesCache.recordName)
        #expect(throws: StoreError.self) { try ArticlesCache.load(from: store).get() }
        #expect(store.backing.names.contains("articles.list.1.0") && store.backing.names.contains("articles.list.1.1"))
    }

    @Test func chunkNamesAreReadStrictly() {
        #expect(ArticlesCache.chunkNumbers(of: "articles.list.3.12")! == (3, 12))
        #expect(ArticlesCache.chunkNumbers(of: "articles.list.0.0")! == (0, 0))
        for name in ["articles.list", "articles.list.3", "articles.list.3.", "articles.list..1", "articles.list.3.1.2", "articles.list.-1.2",
                     "articles.list.a.1", "articles.list.unreadable", "articles.listing.3.1", "xarticles.list.3.1",
                     "articles.list.1234567890123456789.1"] {
            #expect(ArticlesCache.chunkNumbers(of: name) == nil, "\(name)")
        }
    }

    /// While a long sync runs, the stored list is read on as it is scrolled: the chunks after
    /// what is read, up to the one that holds the article asked for.
    @Test func moreOfTheStoredListIsReadAChunkAtATime() throws {
        let store = InMemoryRecordStore()
        let list = ArticleList(Self.articles.prefix(5_000)).sortedByRelease()
        #expect(ArticlesCache.save(StoredArticles(articles: list), to: store) == nil)
        let first = try #require(try ArticlesCache.loadFirst(from: store).get())
        #expect(first.generation == 1)
        #expect(first.articles.count == 256)
        let next = try #require(try ArticlesCache.loadMore(from: store, generation: 1, loaded: 256, through: 300).get())
        #expect(wholeListsEqual(next == ArticleList(list[256..<4_352])), "the second chunk")
        let rest = try #require(try ArticlesCache.loadMore(from: store, generation: 1, loaded: 256, through: 4_999).get())
        #expect(wholeListsEqual(rest == ArticleList(list[256..<5_000])), "through the last")
        let last = try #require(try ArticlesCache.loadMore(from: store, generation: 1, loaded: 4_352, through: 4_400).get())
        #expect(last.count == 648)
        #expect(try ArticlesCache.loadMore(from: store, generation: 2, loaded: 256, through: 300).get() == nil, "another save's")
        #expect(try ArticlesCache.loadMore(from: store, generation: 1, loaded: 100, through: 300).get() == nil, "not where a chunk starts")
        #expect(try ArticlesCache.loadMore(from: store, generation: 1, loaded: 5_000, through: 5_100).get() == nil, "nothing after the last")
        try store.remove("articles.list.1.2")
        #expect(ArticlesCache.loadMore(from: store, generation: 1, loaded: 4_352, through: 4_400) == .failure(.damaged(
            name: ArticlesCache.recordName, movedTo: ArticlesCache.asideName, reason: "its part 3 is missing")))
        #expect(try ArticlesCache.loadMore(from: InMemoryRecordStore(), generation: 1, loaded: 0, through: 1).get() == nil)
    }

    @Test func aMissingChunkSetsTheListAsideAndIsReported() throws {
        let store = InMemoryRecordStore()
        let list = try ArticleDecoder.decode(Self.feed).articles.sortedByRelease()
        #expect(ArticlesCache.save(StoredArticles(articles: list), to: store) == nil)
        try store.remove("articles.list.1.5")
        #expect(ArticlesCache.load(from: store) == .failure(.damaged(
            name: ArticlesCache.recordName, movedTo: ArticlesCache.asideName, reason: "its part 6 is missing")))
        #expect(try ArticlesCache.load(from: store).get() == nil)
    }

    @Test func aChunkPointingOutsideItsBytesIsNotRead() throws {
        let list = ArticleList(Self.articles.prefix(3))
        var chunk = ArticleChunk.encode(list, 0..<3)
        #expect(ArticleChunk.decode(chunk) == list)
        // The first row's title length, made larger than the chunk.
        chunk.replaceSubrange(chunk.startIndex + 8 + 16..<chunk.startIndex + 8 + 20, with: [0xFF, 0xFF, 0xFF, 0x7F])
        #expect(ArticleChunk.decode(chunk) == nil)
        #expect(ArticleChunk.decode(Data("CTA2".utf8)) == nil)
        #expect(ArticleChunk.decode(Data()) == nil)
    }

    @Test func aFormat1RecordIsStillRead() throws {
        let json = #"{"format":"challenge-tui.articles","version":1,"unreadableCount":1,"articles":[{"id":1,"title":"T","description":"D","author":"a@example.com","releaseDate":"7/8/2020","image":"i"}]}"#
        let store = InMemoryRecordStore([ArticlesCache.recordName: Data(json.utf8)])
        let stored = try #require(try ArticlesCache.load(from: store).get())
        #expect(stored.articles.map(\.id) == [1])
        #expect(stored.unreadableCount == 1)
    }
}

/// An in-memory store that fails every write after the first `writesAllowed`.
final class FailingAfterStore: RecordStore, @unchecked Sendable {
    let backing = InMemoryRecordStore()
    var writesAllowed: Int

    init(writesAllowed: Int) { self.writesAllowed = writesAllowed }

    func read(_ name: String) throws(StoreError) -> Data? { try backing.read(name) }

    func write(_ data: Data, to name: String) throws(StoreError) {
        guard writesAllowed > 0 else { throw .io("disk full") }
        writesAllowed -= 1
        try backing.write(data, to: name)
    }

    func remove(_ name: String) throws(StoreError) { try backing.remove(name) }

    func recordNames() throws(StoreError) -> [String] { backing.names }
}
