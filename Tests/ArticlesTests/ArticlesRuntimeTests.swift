import Core
import Foundation
import Testing
@testable import Articles
import Contract

/// The runtime with Core's `EffectRunner`, the mock API and an in-memory store, end to end.
@Suite(.timeLimit(.minutes(1))) struct ArticlesRuntimeTests {
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
        let harness = Harness(runtime: runtime(endpoint(.alwaysSucceed), store: store))
        harness.send(.appeared)
        #expect(await harness.settle())
        let state = harness.current
        #expect(state.sync == .synced(at: WallClockTime(hour: 14, minute: 5)))
        #expect(state.syncHeaderText == "synced at 14:05")
        #expect(state.articles == SampleArticles.articles().sortedByRelease())
        #expect(state.notice == nil)
        // After a sync the store holds the list. (With Core's EncryptedFileStore in place of
        // the in-memory one, AppShell's store test checks the data dir holds no plaintext.)
        #expect(try ArticlesCache.load(from: store).get()?.articles == state.articles)
        #expect(harness.received.contains(.cacheSaved(nil)))
    }

    @Test func seedAC2_retriesThreeTimesWithTwoSecondBackoffOn500() async {
        let clock = ImmediateClock()
        let harness = Harness(runtime: runtime(endpoint(.failNext(3, .status(500))), clock: clock))
        harness.send(.appeared)
        #expect(await harness.settle())
        #expect(harness.current.sync == .synced(at: WallClockTime(hour: 14, minute: 5)))
        #expect(clock.sleeps == [.seconds(2), .seconds(2), .seconds(2)])
        #expect(clock.elapsed == .seconds(6))
        let attempts = harness.received.compactMap { event -> Int? in
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
        let harness = Harness(runtime: runtime(endpoint(.alwaysFail(.status(500))), clock: clock, store: store))
        harness.send(.appeared)
        #expect(await harness.settle())
        let state = harness.current
        #expect(state.sync == .failed(.http(status: 500, body: ""), attempts: 4))
        #expect(state.articles == stored.articles)
        #expect(clock.elapsed == .seconds(6))
        // The failed sync left the stored list alone.
        #expect(try ArticlesCache.load(from: store).get() == stored)
    }

    @Test func aMalformedBodyFailsTheSyncAtOnce() async {
        let harness = Harness(runtime: runtime(endpoint(.alwaysFail(.malformed))))
        harness.send(.appeared)
        #expect(await harness.settle())
        #expect(harness.current.sync == .failed(.undecodable("the response is not valid JSON"), attempts: 1))
    }

    @Test func seedAC2_leavingTheScreenCancelsTheSync() async {
        // A request that takes an hour on a clock that does not move: only cancellation ends it.
        let harness = Harness(runtime: runtime(endpoint(.alwaysSucceed, delay: 3600...3600), clock: ManualClock()))
        harness.send(.appeared)
        #expect(await harness.settle { $0.hasLoadedCache && harness.runner?.runningIDs == [ArticlesEffect.fetchID] })
        harness.send(.disappeared)
        #expect(await harness.settle())
        #expect(harness.current.sync == .idle)
        #expect(!harness.received.contains { if case .fetchFinished = $0 { true } else { false } })
    }

    @Test func leavingWhileWaitingToRetryCancelsTheTimer() async {
        let harness = Harness(
            runtime: ArticlesRuntime(
                api: MockArticlesAPI(endpoint: endpoint(.alwaysFail(.timeout)), clock: ContinuousClock()), time: .driven(by: ManualClock()),
                store: InMemoryRecordStore()))
        harness.send(.appeared)
        #expect(
            await harness.settle {
                if case .waitingToRetry = $0.sync { harness.runner?.runningIDs == [ArticlesEffect.retryTimerID] } else { false }
            })
        harness.send(.disappeared)
        #expect(await harness.settle())
        #expect(harness.current.sync == .idle)
        #expect(!harness.received.contains(.timerFired(ArticlesEffect.retryTimerID)))
    }

    @Test func aDamagedStoredListIsReportedOnce() async throws {
        let damaged = StoreError.damaged(name: "articles.list", movedTo: "articles.list.damaged", reason: "tampered")
        let harness = Harness(runtime: runtime(endpoint(.alwaysSucceed), store: ScriptedStore(readError: damaged)))
        harness.send(.appeared)
        #expect(await harness.settle())
        #expect(harness.current.notice == "The stored articles could not be read (tampered); they were set aside as articles.list.damaged.")
        #expect(harness.current.articles.count == 60)
    }

    @Test func aFailedSaveKeepsTheList() async {
        let harness = Harness(runtime: runtime(endpoint(.alwaysSucceed), store: ScriptedStore(writeError: .io("disk full"))))
        harness.send(.appeared)
        #expect(await harness.settle())
        #expect(harness.current.articles.count == 60)
        #expect(harness.current.notice == "The articles could not be saved: Storage problem: disk full")
    }

    @Test func performingDirectlyReportsEachEffect() async {
        let store = InMemoryRecordStore()
        let runtime = runtime(endpoint(.alwaysSucceed), store: store)
        let events = EventLog()
        await runtime.perform(.loadCache, send: events.append)
        await runtime.perform(.startTimer("t", .seconds(1)), send: events.append)
        await runtime.perform(.saveCache(StoredArticles(articles: [])), send: events.append)
        await runtime.perform(.cancel(["x"]), send: events.append)
        #expect(events.all == [.cacheLoaded(.success(nil)), .timerFired("t"), .cacheSaved(nil)])
    }

    @Test func cancelledEffectsSendNothing() async {
        let runtime = runtime(endpoint(.alwaysSucceed))
        let events = EventLog()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await runtime.perform(.startTimer("t", .seconds(1)), send: events.append)
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
        let harness = Harness(
            runtime: ArticlesRuntime(api: HTTPArticlesAPI(url: url, client: client), time: .driven(by: clock), store: InMemoryRecordStore(), now: { noon }))
        harness.send(.appeared)
        #expect(await harness.settle())
        #expect(harness.current.articles.map(\.id) == [1])
        #expect(harness.current.unreadableMessage == "1 article could not be read fully")
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
