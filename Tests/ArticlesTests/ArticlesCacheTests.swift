import Core
import Foundation
import Testing
@testable import Articles

@Suite(.timeLimit(.minutes(10))) struct ArticlesCacheTests {
    let stored = StoredArticles(articles: [article(2, "7/8/2020"), article(1, "6/25/2018")], unreadableCount: 3)

    @Test func aSavedListLoadsBackUnchanged() throws {
        let store = InMemoryRecordStore()
        #expect(ArticlesCache.save(stored, to: store) == nil)
        #expect(store.names == [ArticlesCache.recordName, "articles.list.1.0"])
        var saved = stored
        saved.generation = 1
        #expect(try ArticlesCache.load(from: store).get() == saved, "with the save it came from")
    }

    @Test func theRecordIsVersioned() throws {
        let store = InMemoryRecordStore()
        #expect(ArticlesCache.save(stored, to: store) == nil)
        let data = try #require(try store.read(ArticlesCache.recordName))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["format"] as? String == "challenge-tui.articles")
        #expect(object["version"] as? Int == 2)
        #expect(object["unreadableCount"] as? Int == 3)
        #expect(object["count"] as? Int == 2)
        #expect(object["chunks"] as? [Int] == [2])
    }

    @Test func noRecordIsNoList() throws {
        #expect(try ArticlesCache.load(from: InMemoryRecordStore()).get() == nil)
    }

    @Test(arguments: [
        ("not json", "not a stored article list"),
        (#"{"format":"challenge-tui.articles","version":3,"unreadableCount":0,"articles":[]}"#, "unknown version 3"),
        (#"{"format":"other","version":1,"unreadableCount":0,"articles":[]}"#, "unknown format \"other\""),
        (#"{"format":"challenge-tui.articles","version":1,"unreadableCount":0,"articles":[{"id":1}]}"#, "not a stored article list"),
    ])
    func anUnreadableRecordIsSetAsideAndReported(bytes: String, reason: String) throws {
        let store = InMemoryRecordStore([ArticlesCache.recordName: Data(bytes.utf8)])
        let result = ArticlesCache.load(from: store)
        #expect(result == .failure(.damaged(name: ArticlesCache.recordName, movedTo: ArticlesCache.asideName, reason: reason)))
        // Kept aside, so nothing is lost, and out of the way, so the next launch starts clean.
        #expect(try store.read(ArticlesCache.asideName) == Data(bytes.utf8))
        #expect(try ArticlesCache.load(from: store).get() == nil)
    }

    @Test func aRecordThatCannotBeSetAsideIsStillReported() {
        let store = ScriptedStore(writeError: .io("read-only"))
        try? store.backing.write(Data("junk".utf8), to: ArticlesCache.recordName)
        guard case .failure(.damaged(_, let movedTo, _)) = ArticlesCache.load(from: store) else {
            Issue.record("expected a damaged record")
            return
        }
        #expect(movedTo.contains("read-only"))
    }

    @Test func storeErrorsPassThrough() {
        let damaged = StoreError.damaged(name: ArticlesCache.recordName, movedTo: "articles.list.bad", reason: "tampered")
        #expect(ArticlesCache.load(from: ScriptedStore(readError: damaged)) == .failure(damaged))
        #expect(ArticlesCache.save(stored, to: ScriptedStore(writeError: .io("disk full"))) == .io("disk full"))
    }
}
