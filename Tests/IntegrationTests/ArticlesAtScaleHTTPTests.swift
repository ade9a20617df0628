import Articles
import Contract
import Core
import CoreTesting
import Foundation
import Synchronization
import Testing

/// A 100,000-article feed (61 MB, generated here) over real HTTP with the app's libcurl client:
/// refused at its headers when over the limit, reported while it arrives, and a transfer cut
/// half way leaves the stored list as it was (Docs/performance.md, "Articles at scale").
@Suite(.timeLimit(.minutes(10))) struct ArticlesAtScaleHTTPTests {
    static let feed = SampleArticles.json(count: 100_000)

    @Test func aFeedOverTheLimitIsRefusedBeforeAByteOfItIsHeld() async throws {
        let local = try LocalServer { $0.articlesJSON = Self.feed }
        let limits = ResponseLimits(api: 8 * ResponseLimits.megabyte, image: ResponseLimits.megabyte)
        let api = HTTPArticlesAPI(url: HTTPArticlesAPI.defaultURL(server: local.baseURL), client: CurlHTTPClient(time: .system, timeout: .seconds(20), limits: limits))
        let received = Mutex(0)
        await #expect(throws: APIError.responseTooLarge(limit: 8 * ResponseLimits.megabyte)) {
            try await api.fetchArticles(attempt: 1) { bytes, _ in received.withLock { $0 = max($0, bytes) } }
        }
        // Refused at its Content-Length: no body byte was taken in, let alone 61 MB.
        #expect(received.withLock { $0 } == 0)
    }

    @Test func aLargeFeedReportsItsTransferAndDecodesWhole() async throws {
        let local = try LocalServer { $0.articlesJSON = Self.feed }
        let limits = ResponseLimits(api: 64 * ResponseLimits.megabyte, image: ResponseLimits.megabyte)
        let api = HTTPArticlesAPI(url: HTTPArticlesAPI.defaultURL(server: local.baseURL), client: CurlHTTPClient(time: .system, timeout: .seconds(30), limits: limits))
        let store = InMemoryRecordStore()
        let runtime = ArticlesRuntime(api: api, time: .driven(by: ImmediateClock()), store: store)
        let events = LockedEvents()
        await runtime.perform(.fetch(attempt: 1)) { events.append($0) }
        let progress = events.values.compactMap { event -> SyncProgress? in
            if case .syncProgress(1, let step) = event { return step }
            return nil
        }
        // Reports of the transfer, of the size the server announced (how many depends on the
        // clock: at most one every 50 ms, and this one never moves).
        #expect(progress.contains { step in
            if case .receiving(let bytes, let total) = step { return bytes >= 1_000_000 && total == Self.feed.count }
            return false
        })
        #expect(progress.last == .sorting(count: 100_000))
        guard case .fetchFinished(1, .success(let decoded), _)? = events.values.last else {
            Issue.record("no list: \(String(describing: events.values.last))")
            return
        }
        #expect(decoded.articles.count == 100_000)
        #expect(decoded.articles.isSortedByRelease)
    }

    @Test func aTransferCutHalfWayLeavesTheStoredListAsItWas() async throws {
        let server = try HalfAnswerServer(body: Self.feed)
        let api = HTTPArticlesAPI(
            url: URL(string: "http://127.0.0.1:\(server.port)/articles")!,
            // A deadline far beyond the transfer (half of 61 MB takes seconds in a coverage build
            // on a busy machine): the cut must come first, so the error is the cut's.
            client: CurlHTTPClient(time: .system, timeout: .seconds(300), limits: ResponseLimits(api: 64 * ResponseLimits.megabyte, image: 1)))
        let store = InMemoryRecordStore()
        let stored = StoredArticles(articles: ArticleList(SampleArticles.articles(count: 60).sortedByRelease()))
        #expect(ArticlesCache.save(stored, to: store) == nil)
        let before = store.names.map { (try? store.read($0)) ?? nil }

        // The reducer and the runtime, as the screen drives them, with one attempt allowed.
        var state = ArticlesState(policy: RetryPolicy(maxAttempts: 1, schedule: .constant(.zero)))
        let runtime = ArticlesRuntime(api: api, time: .driven(by: ImmediateClock()), store: store)
        var pending = state.reduce(.appeared)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            let events = LockedEvents()
            await runtime.perform(effect) { events.append($0) }
            for event in events.values { pending += state.reduce(event) }
        }
        #expect(state.sync == .failed(.brokenAnswer(.cutShort), attempts: 1))
        #expect(state.articles.count == 60, "the stored list stays on screen")
        #expect(state.listSource == .stored)
        // Nothing was written: the same records, byte for byte.
        #expect(store.names.map { (try? store.read($0)) ?? nil } == before)
        #expect(server.bytesSent < Self.feed.count)
    }
}

final class LockedEvents: Sendable {
    private let storage = Mutex<[ArticlesEvent]>([])
    func append(_ event: ArticlesEvent) { storage.withLock { $0.append(event) } }
    var values: [ArticlesEvent] { storage.withLock { $0 } }
}

/// Answers every request with a 200 announcing the whole body, sends half of it and closes the
/// connection: a server that dies mid-answer.
final class HalfAnswerServer: Sendable {
    private final class Counter: Sendable {
        let value = Mutex(0)
    }

    private let server: ScriptedAnswerServer
    private let sent = Counter()

    var port: Int { server.port }
    var bytesSent: Int { sent.value.withLock { $0 } }

    init(body: Data) throws {
        let sent = sent
        server = try ScriptedAnswerServer { connection in
            let head = Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            let went = ScriptedAnswerServer.send(head + body.prefix(body.count / 2), to: connection)
            sent.value.withLock { $0 += went - head.count }
        }
    }
}
