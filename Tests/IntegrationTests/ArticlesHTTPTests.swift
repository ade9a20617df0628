import Articles
import Contract
import Core
import Foundation
import Testing
import CoreTesting

/// `HTTPArticlesAPI` against the real challenge-server (in process, over real HTTP), and the
/// whole sync — reducer, runtime, retries, store — through it.
@Suite(.timeLimit(.minutes(1))) struct ArticlesHTTPTests {
    private func server(failing: Int = 0) throws -> LocalServer {
        try LocalServer {
            $0.articlesJSON = SampleArticles.json()
            $0.articlesFail = failing
        }
    }

    private func api(_ local: LocalServer) -> HTTPArticlesAPI {
        HTTPArticlesAPI(url: HTTPArticlesAPI.defaultURL(server: local.baseURL), client: local.client)
    }

    @Test func theServersArticlesDecodeToTheSixtySamples() async throws {
        let local = try server()
        let decoded = try ArticleDecoder.decode(try await api(local).fetchArticles())
        #expect(decoded.articles.count == 60)
        #expect(decoded.unreadableCount == 0)
        #expect(decoded.articles == SampleArticles.articles())
    }

    @Test func aServerErrorIsHTTP500AndTheNextRequestSucceeds() async throws {
        let local = try server(failing: 1)
        await #expect(throws: APIError.http(status: 500, body: "Something went wrong")) {
            try await api(local).fetchArticles(attempt: 1)
        }
        let body = try await api(local).fetchArticles(attempt: 2)
        #expect(try ArticleDecoder.decode(body).articles.count == 60)
    }

    @Test func aWrongURLIsA404() async throws {
        let local = try server()
        let wrong = HTTPArticlesAPI(url: local.baseURL.appendingPathComponent("nope"), client: local.client)
        await #expect {
            try await wrong.fetchArticles()
        } throws: { error in
            (error as? APIError)?.status == 404
        }
    }

    /// Two 500s, then the list: the runtime retries on the (manual) clock 2 s apart and stores
    /// the list, exactly as the screen drives it.
    @Test func theFullSyncRetriesThroughHTTPAndStoresTheList() async throws {
        let local = try server(failing: 2)
        let clock = ManualClock()
        let store = InMemoryRecordStore()
        let runtime = ArticlesRuntime(api: api(local), time: .driven(by: clock), store: store)
        let (events, sink) = AsyncStream.makeStream(of: ArticlesEvent.self)
        let runner = EffectRunner<ArticlesEffect, ArticlesEvent>(
            perform: { effect, send in await runtime.perform(effect, send: send) }, send: { sink.yield($0) })
        defer { runner.cancelAll() }

        var state = ArticlesState()
        var seen: [String] = []
        runner.run(state.reduce(.appeared))
        for await event in events {
            runner.run(state.reduce(event))
            if seen.last != state.syncHeaderText { seen.append(state.syncHeaderText) }
            if case .waitingToRetry = state.sync {
                // Real HTTP runs on its own threads: wait (boundedly) for the retry's timer.
                try await until("the retry timer sleeps") { clock.sleeperCount == 1 }
                clock.advance(by: .seconds(2))
            }
            if case .cacheSaved = event { break }
        }

        #expect(seen == [
            "syncing…", "syncing… retry 1 of 3 in 2 s", "syncing… retry 1 of 3", "syncing… retry 2 of 3 in 2 s",
            "syncing… retry 2 of 3", "synced at \(state.syncHeaderText.suffix(5))",
        ])
        guard case .synced = state.sync else {
            Issue.record("the sync ended in \(state.sync)")
            return
        }
        #expect(clock.now.offset == .seconds(4), "two waits of 2 s")
        #expect(state.articles.count == 60)
        let stored = try #require(try ArticlesCache.load(from: store).get())
        #expect(stored.articles == state.articles)
    }
}

/// Polls `condition` while real I/O runs elsewhere, for at most `seconds` of wall time; then
/// fails instead of hanging.
func until(_ what: String, seconds: Double = 10, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while !condition() {
        guard ContinuousClock.now < deadline else { throw IntegrationFailure(description: "timed out waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(1))
    }
}

struct IntegrationFailure: Error, CustomStringConvertible {
    var description: String
}
