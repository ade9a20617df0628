import Core
import CoreTesting
import Foundation
import Testing
@testable import Articles

/// What the launcher says of the articles: the manifest's count and the time of the save, read
/// without the list and without setting anything aside.
@Suite(.timeLimit(.minutes(10))) struct ArticlesCacheSummaryTests {
    @Test func theSaveIsStampedAndTheSummaryReadsOnlyTheManifest() throws {
        let store = InMemoryRecordStore()
        #expect(try ArticlesCache.summary(from: store) == nil)
        let list = StoredArticles(articles: (1...300).map { article($0, "7/8/2020") })
        #expect(ArticlesCache.save(list, to: store, at: testEpoch) == nil)
        let summary = try #require(try ArticlesCache.summary(from: store))
        #expect(summary == ArticlesCache.Summary(count: 300, savedAt: testEpoch))
        #expect(ArticlesCache.save(list, to: store) == nil)
        #expect(try ArticlesCache.summary(from: store)?.savedAt == nil, "a save without a time keeps none")
    }

    @Test func theRuntimeStampsItsSavesWithTheTimeSource() async throws {
        let store = InMemoryRecordStore()
        let clock = ManualClock()
        let runtime = ArticlesRuntime(api: MockArticlesAPI(clock: clock), time: .driven(by: clock), store: store)
        clock.advance(by: .seconds(90))
        await runtime.perform(.saveCache(StoredArticles(articles: [article(1, "7/8/2020")]))) { _ in }
        #expect(try ArticlesCache.summary(from: store) == ArticlesCache.Summary(count: 1, savedAt: testEpoch.addingTimeInterval(90)))
    }

    @Test func anOldWholeListHasACountAndNoTime() throws {
        let json = #"{"format":"challenge-tui.articles","version":1,"unreadableCount":0,"articles":[{"id":1,"title":"T","description":"D","author":"a@example.com","releaseDate":"7/8/2020","image":"i"}]}"#
        let store = InMemoryRecordStore([ArticlesCache.recordName: Data(json.utf8)])
        #expect(try ArticlesCache.summary(from: store) == ArticlesCache.Summary(count: 1, savedAt: nil))
    }

    @Test func aRecordThatIsNoListIsNoneAndStaysWhereItIs() throws {
        let store = InMemoryRecordStore([ArticlesCache.recordName: Data("{}".utf8)])
        #expect(try ArticlesCache.summary(from: store) == nil)
        #expect(store.names == [ArticlesCache.recordName], "the list's own load sets it aside, and says so")
    }
}
