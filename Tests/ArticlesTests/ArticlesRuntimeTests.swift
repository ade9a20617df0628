import Core
import Foundation
import ReducerTesting
import Testing
@testable import Articles
import Contract

/// The runtime with Core's `EffectRunner`, the mock API and an in-memory store, end to end.
@Suite(.timeLimit(.minutes(10))) struct ArticlesRuntimeTests {
    private func endpoint(_ outcomes: OutcomePattern, delay: ClosedRange<Double> = 0...0) -> MockEndpoint {
        MockEndpoint("articles", behaviour: EndpointBehaviour(delay: delay, outcomes: outcomes))
    }

    private func runtime(
        _ endpoint: MockEndpoint, clock: any Clock<Duration> = ImmediateClock(), store: any RecordStore = InMemoryRecordStore()
    ) -> ArticlesRuntime {
        ArticlesRuntime(
            api: MockArticlesAPI(endpoint: endpoint, clock: clock), time: .driven(by: clock), store: store,
            now: { WallClockTime(hour: 14, minute: 5) })
    }

    @Test func seedAC1_launchSyncsTheSampleListAndStoresIt() async throws {
        let store = InMemoryRecordStore()
        let screen = articlesStore(runtime: runtime(endpoint(.alwaysSucceed), store: store))
        let at = WallClockTime(hour: 14, minute: 5)
        let sample = SampleArticles.articles()
        screen.send(.appeared, effects: [.loadCache, .fetch(attempt: 1)]) { $0.sync = .syncing(attempt: 1, lastError: nil) }
        screen.receive(.cacheLoaded(.success(nil)), effects: []) { $0.hasLoadedCache = true }
        screen.receive(
            .fetchFinished(attempt: 1, .success(DecodedArticles(articles: sample.sortedByRelease(), unreadableCount: 0)), at: at),
            effects: [.saveCache(StoredArticles(articles: sample.sortedByRelease()))]
        ) {
            $0.articles = ArticleList(sample.sortedByRelease())
            $0.listSource = .synced
            $0.sync = .synced(at: at)
        }
        screen.receive(.cacheSaved(nil), effects: [])
        screen.finish()
        #expect(screen.state.syncHeaderText == "synced at 14:05")
        #expect(screen.state.notice == nil)
        // After a sync the store holds the list. (With Core's EncryptedFileStore in place of
        // the in-memory one, AppShell's store test checks the data dir holds no plaintext.)
        #expect(try ArticlesCache.load(from: store).get()?.articles == screen.state.articles)
    }

    @Test func seedAC2_retriesThreeTimesWithTwoSecondBackoffOn500() async {
        let clock = ImmediateClock()
        let screen = articlesStore(exhaustivity: .off, runtime: runtime(endpoint(.failNext(3, .status(500))), clock: clock))
        screen.send(.appeared)
        screen.runEffects()
        #expect(screen.state.sync == .synced(at: WallClockTime(hour: 14, minute: 5)))
        #expect(clock.sleeps == [.seconds(2), .seconds(2), .seconds(2)])
        #expect(clock.elapsed == .seconds(6))
        let attempts = screen.receivedEvents.compactMap { event -> Int? in
            if case .fetchFinished(let attempt, _, _) = event { return attempt }
            return nil
        }
        #expect(attempts == [1, 2, 3, 4])
    }

    @Test func seedAC3_showsStoredArticlesWhenSyncFails() async throws {
        let store = InMemoryRecordStore()
        let stored = StoredArticles(articles: SampleArticles.articles(count: 5).sortedByRelease())
        #expect(ArticlesCache.save(stored, to: store) == nil)
        let clock = ImmediateClock()
        let screen = articlesStore(exhaustivity: .off, runtime: runtime(endpoint(.alwaysFail(.status(500))), clock: clock, store: store))
        screen.send(.appeared)
        screen.runEffects()
        let state = screen.state
        #expect(state.sync == .failed(.http(status: 500, body: ""), attempts: 4))
        #expect(state.articles == stored.articles)
        #expect(clock.elapsed == .seconds(6))
        // The failed sync left the stored list alone.
        #expect(try ArticlesCache.load(from: store).get()?.articles == stored.articles)
    }

    @Test func aMalformedBodyFailsTheSyncAtOnce() async {
        let screen = articlesStore(exhaustivity: .off, runtime: runtime(endpoint(.alwaysFail(.malformed))))
        screen.send(.appeared)
        screen.runEffects()
        #expect(screen.state.sync == .failed(.undecodable("the response is not valid JSON"), attempts: 1))
    }

    @Test func seedAC2_leavingTheScreenCancelsTheSync() async {
        // A request that takes an hour on a clock that does not move: only cancellation ends it.
        let screen = articlesStore(exhaustivity: .off, runtime: runtime(endpoint(.alwaysSucceed, delay: 3600...3600), clock: ManualClock()))
        screen.send(.appeared)
        screen.runEffects()
        #expect(screen.state.hasLoadedCache && screen.effectsInFlight.compactMap(\.id) == [ArticlesEffectID.fetch])
        screen.send(.disappeared)
        screen.runEffects()
        #expect(screen.state.sync == .idle)
        #expect(!screen.receivedEvents.contains { if case .fetchFinished = $0 { true } else { false } })
    }

    @Test func leavingWhileWaitingToRetryCancelsTheTimer() async {
        let screen = articlesStore(
            exhaustivity: .off, runtime: ArticlesRuntime(
                api: MockArticlesAPI(endpoint: endpoint(.alwaysFail(.timeout)), clock: ContinuousClock()), time: .driven(by: ManualClock()),
                store: InMemoryRecordStore()))
        screen.send(.appeared)
        screen.runEffects()
        guard case .waitingToRetry = screen.state.sync else {
            Issue.record("not waiting to retry: \(screen.state.sync)")
            return
        }
        #expect(screen.effectsInFlight.compactMap(\.id) == [ArticlesEffectID.timer(.retry)])
        screen.send(.disappeared)
        screen.runEffects()
        #expect(screen.state.sync == .idle)
        #expect(!screen.receivedEvents.contains(.timerFired(.retry)))
    }

    @Test func aDamagedStoredListIsReportedOnce() async throws {
        let damaged = StoreError.damaged(name: "articles.list", movedTo: "articles.list.damaged", reason: "tampered")
        let screen = articlesStore(exhaustivity: .off, runtime: runtime(endpoint(.alwaysSucceed), store: ScriptedStore(readError: damaged)))
        screen.send(.appeared)
        screen.runEffects()
        #expect(screen.state.notice == "The stored articles could not be read (tampered); they were set aside as articles.list.damaged.")
        #expect(screen.state.articles.count == 60)
    }

    @Test func aFailedSaveKeepsTheList() async {
        let screen = articlesStore(exhaustivity: .off, runtime: runtime(endpoint(.alwaysSucceed), store: ScriptedStore(writeError: .io("disk full"))))
        screen.send(.appeared)
        screen.runEffects()
        #expect(screen.state.articles.count == 60)
        #expect(screen.state.notice == "The articles could not be saved: Storage problem: disk full")
    }

    @Test func performingDirectlyReportsEachEffect() async {
        let store = InMemoryRecordStore()
        let runtime = runtime(endpoint(.alwaysSucceed), store: store)
        let events = EventLog()
        await runtime.perform(.loadCache, send: events.append)
        await runtime.perform(.startTimer(.retry, .seconds(1)), send: events.append)
        await runtime.perform(.saveCache(StoredArticles(articles: [])), send: events.append)
        await runtime.perform(.cancel([.fetch]), send: events.append)
        #expect(events.all == [.cacheLoaded(.success(nil)), .timerFired(.retry), .cacheSaved(nil)])
    }

    @Test func cancelledEffectsSendNothing() async {
        let runtime = runtime(endpoint(.alwaysSucceed))
        let events = EventLog()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await runtime.perform(.startTimer(.retry, .seconds(1)), send: events.append)
            await runtime.perform(.saveCache(StoredArticles(articles: [])), send: events.append)
        }
        await task.value
        #expect(events.all.isEmpty)
    }

    @Test func theHTTPBackendGoesThroughTheSameDecoder() async throws {
        let client = StubHTTPClient([
            .failure(.http(status: 502, body: "")),
            .success(HTTPResponse(status: 200, body: Data("[\(ArticleDecoderTests.element(id: 1)), {\"id\": 2}]".utf8))),
        ])
        let clock = ImmediateClock()
        let url = try #require(URL(string: "http://127.0.0.1:3000/articles"))
        let screen = articlesStore(
            exhaustivity: .off, runtime: ArticlesRuntime(api: HTTPArticlesAPI(url: url, client: client), time: .driven(by: clock), store: InMemoryRecordStore(), now: { noon }))
        screen.send(.appeared)
        screen.runEffects()
        #expect(screen.state.articles.map(\.id) == [1])
        #expect(screen.state.unreadableMessage == "1 article could not be read fully")
        #expect(client.requests.map(\.attempt) == [1, 2])
    }
}

/// Events sent by a runtime in a test.
final class EventLog: Sendable {
    private let events = Synchronization.Mutex<[ArticlesEvent]>([])
    var all: [ArticlesEvent] { events.withLock { $0 } }
    var append: @Sendable (ArticlesEvent) -> Void { { [self] event in events.withLock { $0.append(event) } } }
}

import Synchronization
import CoreTesting
