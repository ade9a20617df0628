import Core
import CoreTesting
import Testing
@testable import Articles

/// A long sync says what it is doing in the header: the transfer ("syncing… 18 MB of 61"), then
/// the sorting ("sorting 100,000 articles…"), only once it has run `progressDelay`
/// (Docs/articles.md).
@Suite(.timeLimit(.minutes(10))) struct SyncProgressTests {
    private func syncing() -> ArticlesState {
        var state = ArticlesState()
        _ = state.reduce(.appeared)
        return state
    }

    @Test func theTransferAndThenTheSortingAreShown() {
        var state = syncing()
        #expect(state.syncHeaderText == "syncing…")
        #expect(state.reduce(.syncProgress(attempt: 1, .receiving(bytes: 18_400_000, of: 61_100_000)))  == [])
        #expect(state.syncHeaderText == "syncing… 18 MB of 61")
        _ = state.reduce(.syncProgress(attempt: 1, .receiving(bytes: 61_100_000, of: 61_100_000)))
        #expect(state.syncHeaderText == "syncing… 61 MB of 61")
        _ = state.reduce(.syncProgress(attempt: 1, .reading(count: 40_000)))
        #expect(state.syncHeaderText == "reading articles… 40,000")
        _ = state.reduce(.syncProgress(attempt: 1, .sorting(count: 100_000)))
        #expect(state.syncHeaderText == "sorting 100,000 articles…")
        #expect(state.syncMessage == nil, "progress, not an error")
    }

    @Test func aPartlyReadStoredListCountsTheWholeList() throws {
        var state = ArticlesState()
        let stored = StoredArticles(articles: ArticleList([article(1, "7/8/2020")]), storedCount: 100_000, generation: 3)
        _ = state.reduce(.cacheLoaded(.success(stored)))
        #expect(state.isStoredListPartial)
        #expect(state.countText == "100,000 articles")
        let effects = state.reduce(.appeared)
        #expect(effects == [.fetch(attempt: 1)], "a quick sync replaces it unread")
        let whole = StoredArticles(articles: [article(1, "7/8/2020"), article(2, "7/7/2020")])
        _ = state.reduce(.cacheLoaded(.success(whole)))
        #expect(!state.isStoredListPartial)
        #expect(state.countText == "2 articles")
    }

    @Test func aFailedAttemptReadsTheRestOfTheStoredList() {
        var state = ArticlesState()
        _ = state.reduce(.cacheLoaded(.success(StoredArticles(articles: ArticleList([article(1, "7/8/2020")]), storedCount: 100_000))))
        _ = state.reduce(.appeared)
        let effects = state.reduce(.fetchFinished(attempt: 1, .failure(.offline), at: WallClockTime(hour: 9, minute: 5)))
        #expect(effects.contains(.loadCache))
        #expect(effects.contains(.startTimer(.retry, .seconds(2))), "and the retry goes on")
    }

    @Test func aQuickSyncReplacesThePartlyReadStoredListUnread() {
        var state = ArticlesState()
        _ = state.reduce(.cacheLoaded(.success(StoredArticles(articles: ArticleList([article(1, "7/8/2020")]), storedCount: 100_000))))
        _ = state.reduce(.appeared)
        let effects = state.reduce(.fetchFinished(attempt: 1, .success(DecodedArticles(articles: [article(2, "7/9/2020")])), at: WallClockTime(hour: 9, minute: 5)))
        #expect(!effects.contains(.loadCache))
        #expect(state.countText == "1 article")
        #expect(state.reduce(.storedRowsWanted(through: 5_000)) == [], "nothing more of the stored list is read")
    }

    @Test func scrollingAPartlyReadStoredListReadsOnWhileTheSyncRuns() {
        var state = ArticlesState()
        let first = ArticleList([article(1, "7/8/2020"), article(2, "7/7/2020")])
        _ = state.reduce(.cacheLoaded(.success(StoredArticles(articles: first, storedCount: 5, generation: 3))))
        _ = state.reduce(.appeared)
        #expect(state.reduce(.storedRowsWanted(through: 1)) == [], "already there")
        #expect(state.reduce(.storedRowsWanted(through: 40)) == [.loadStoredRows(generation: 3, loaded: 2, through: 4)])
        #expect(state.isLoadingStoredRows)
        #expect(state.reduce(.storedRowsWanted(through: 4)) == [], "one read at a time")
        // A late answer for another save or another starting point changes nothing.
        #expect(state.reduce(.storedRowsLoaded(generation: 2, loaded: 2, .success(ArticleList([article(9, "1/1/2020")])))) == [])
        #expect(state.articles.count == 2)
        let more = ArticleList([article(3, "7/6/2020"), article(4, "7/5/2020")])
        #expect(state.reduce(.storedRowsLoaded(generation: 3, loaded: 2, .success(more))) == [])
        #expect(state.articles.map(\.id) == [1, 2, 3, 4])
        #expect(state.isStoredListPartial && !state.isLoadingStoredRows)
        #expect(state.countText == "5 articles")
        _ = state.reduce(.storedRowsWanted(through: 4))
        #expect(state.reduce(.storedRowsLoaded(generation: 3, loaded: 4, .success(ArticleList([article(5, "7/4/2020")])))) == [])
        #expect(!state.isStoredListPartial)
        #expect(state.articles.count == 5)
        #expect(state.sync.isRunning, "all the while the sync goes on")
    }

    @Test func aStoredListReplacedMeanwhileIsReadWholeAndADamagedPartIsReported() {
        var state = ArticlesState()
        let stored = StoredArticles(articles: ArticleList([article(1, "7/8/2020")]), storedCount: 3, generation: 3)
        _ = state.reduce(.cacheLoaded(.success(stored)))
        _ = state.reduce(.appeared)
        _ = state.reduce(.storedRowsWanted(through: 2))
        #expect(state.reduce(.storedRowsLoaded(generation: 3, loaded: 1, .success(nil))) == [.loadCache])

        _ = state.reduce(.cacheLoaded(.success(stored)))
        _ = state.reduce(.storedRowsWanted(through: 2))
        let damaged = StoreError.damaged(name: ArticlesCache.recordName, movedTo: ArticlesCache.asideName, reason: "its part 2 is missing")
        #expect(state.reduce(.storedRowsLoaded(generation: 3, loaded: 1, .failure(damaged))) == [])
        #expect(!state.isStoredListPartial, "what was read stays")
        #expect(state.articles.count == 1)
        #expect(state.notice == ArticlesState.notice(for: damaged))
    }

    @Test func aTransferOfUnknownSizeCountsWhatArrived() {
        var state = syncing()
        _ = state.reduce(.syncProgress(attempt: 1, .receiving(bytes: 3_000_000, of: nil)))
        #expect(state.syncHeaderText == "syncing… 3 MB")
    }

    @Test func theProgressEndsWithTheSync() {
        var state = syncing()
        _ = state.reduce(.syncProgress(attempt: 1, .sorting(count: 100_000)))
        _ = state.reduce(.fetchFinished(attempt: 1, .success(DecodedArticles(articles: [article(1, "7/8/2020")])), at: WallClockTime(hour: 9, minute: 5)))
        #expect(state.progress == nil)
        #expect(state.syncHeaderText == "synced at 09:05")
    }

    @Test func aRetryStartsWithoutTheFailedAttemptsProgress() {
        var state = syncing()
        _ = state.reduce(.syncProgress(attempt: 1, .receiving(bytes: 30_000_000, of: 61_000_000)))
        _ = state.reduce(.fetchFinished(attempt: 1, .failure(.offline), at: WallClockTime(hour: 9, minute: 5)))
        _ = state.reduce(.timerFired(.retry))
        #expect(state.syncHeaderText == "syncing… retry 1 of 3")
        _ = state.reduce(.syncProgress(attempt: 2, .receiving(bytes: 5_000_000, of: 61_000_000)))
        #expect(state.syncHeaderText == "syncing… retry 1 of 3 · 5 MB of 61")
    }

    @Test func progressOfAnotherAttemptIsIgnored() {
        var state = syncing()
        _ = state.reduce(.syncProgress(attempt: 2, .receiving(bytes: 5_000_000, of: nil)))
        #expect(state.progress == nil)
        _ = state.reduce(.disappeared)
        _ = state.reduce(.syncProgress(attempt: 1, .receiving(bytes: 5_000_000, of: nil)))
        #expect(state.progress == nil)
    }

    @Test func aQuickSyncShowsNoProgress() {
        var state = syncing()
        _ = state.reduce(.syncProgress(attempt: 1, .receiving(bytes: 2_000_000, of: 61_000_000)))
        #expect(state.showingProgress(after: .milliseconds(150)).syncHeaderText == "syncing…")
        #expect(state.showingProgress(after: ArticlesState.progressDelay).syncHeaderText == "syncing… 2 MB of 61")
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (100_000, "100,000"), (1_234_567, "1,234,567")])
    func countsAreGroupedByThousands(number: Int, text: String) {
        #expect(ArticlesState.grouped(number) == text)
    }

    /// The runtime turns a transfer's byte counts into one event per whole megabyte, at most
    /// one every 50 ms of the sync's clock: a frame for each would keep the thread that takes
    /// the keys busy on a fast transfer.
    @Test func theReporterSendsOneEventPerMegabyteAtMostEvery50Milliseconds() {
        let clock = ManualClock()
        let sent = LockedList<SyncProgress>()
        let reporter = TransferReporter(time: .driven(by: clock)) { sent.append($0) }
        for received in stride(from: 16_384, through: 3_500_000, by: 16_384) {
            reporter.report(received, 3_500_000)
            clock.advance(by: .milliseconds(50))
        }
        #expect(sent.values.count == 3)
        #expect(sent.values.first == .receiving(bytes: 1_015_808, of: 3_500_000))

        // A fast one: three megabytes within 50 ms are one event; the next megabyte after that.
        let fast = LockedList<SyncProgress>()
        let quick = TransferReporter(time: .driven(by: clock)) { fast.append($0) }
        for received in stride(from: 16_384, through: 3_500_000, by: 16_384) { quick.report(received, 3_500_000) }
        #expect(fast.values == [.receiving(bytes: 1_015_808, of: 3_500_000)])
        clock.advance(by: .milliseconds(49))
        quick.report(4_000_000, 5_000_000)
        #expect(fast.values.count == 1)
        clock.advance(by: .milliseconds(1))
        quick.report(4_100_000, 5_000_000)
        #expect(fast.values.last == .receiving(bytes: 4_100_000, of: 5_000_000))
    }
}

import Synchronization

final class LockedList<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}
