import Core
import FoundationEssentials
import Testing
@testable import Articles

@Suite(.timeLimit(.minutes(10))) struct ArticlesStateTextTests {
    @Test func countText() {
        var state = ArticlesState()
        #expect(state.countText == "no articles")
        state.articles = [article(1, "1/1/2020")]
        #expect(state.countText == "1 article")
        state.articles.append(article(2, "1/1/2020"))
        #expect(state.countText == "2 articles")
    }

    @Test func unreadableMessage() {
        var state = ArticlesState()
        #expect(state.unreadableMessage == nil)
        state.unreadableCount = 1
        #expect(state.unreadableMessage == "1 article could not be read fully")
        state.unreadableCount = 2
        #expect(state.unreadableMessage == "2 articles could not be read fully")
    }

    @Test(arguments: [
        (SyncStatus.idle, ""),
        (.syncing(attempt: 1, lastError: nil), "syncing…"),
        (.synced(at: WallClockTime(hour: 9, minute: 5)), "synced at 09:05"),
        (.synced(at: WallClockTime(hour: 14, minute: 30)), "synced at 14:30"),
        // A failed sync says what it ran into: "offline" only when the network is down.
        (.failed(.offline, attempts: 4), "offline"),
        (.failed(.timedOut, attempts: 4), "timed out"),
        (.failed(.connectionRefused, attempts: 4), "connection refused"),
        (.failed(.http(status: 500, body: ""), attempts: 4), "server error 500"),
        (.failed(.http(status: 404, body: ""), attempts: 1), "sync failed"),
        (.failed(.brokenAnswer(.cutShort), attempts: 4), "sync failed"),
    ])
    func headerText(status: SyncStatus, text: String) {
        var state = ArticlesState()
        state.sync = status
        #expect(state.syncHeaderText == text)
    }

    @Test func theWaitBeforeARetryCountsDownInWholeSecondsAndNeverShowsZero() {
        let waiting = SyncStatus.waitingToRetry(retry: 1, maxRetries: 3, delay: .seconds(2), error: .http(status: 500, body: ""))
        func shown(after elapsed: Duration) -> String {
            var state = ArticlesState()
            state.sync = waiting.countingDown(elapsed: elapsed)
            return state.syncHeaderText
        }
        #expect(shown(after: .zero) == "syncing… retry 1 of 3 in 2 s")
        #expect(shown(after: .milliseconds(999)) == "syncing… retry 1 of 3 in 2 s")
        #expect(shown(after: .seconds(1)) == "syncing… retry 1 of 3 in 1 s")
        #expect(shown(after: .milliseconds(1999)) == "syncing… retry 1 of 3 in 1 s")
        #expect(shown(after: .seconds(2)) == "syncing… retry 1 of 3 in 1 s", "the retry is about to start")
        #expect(shown(after: .seconds(5)) == "syncing… retry 1 of 3 in 1 s")
    }

    @Test func onlyAWaitOfASecondOrMoreCountsDown() {
        let short = SyncStatus.waitingToRetry(retry: 2, maxRetries: nil, delay: .milliseconds(250), error: .timedOut)
        #expect(short.countingDown(elapsed: .milliseconds(200)) == short)
        for other in [SyncStatus.idle, .syncing(attempt: 2, lastError: .timedOut), .failed(.timedOut, attempts: 4)] {
            #expect(other.countingDown(elapsed: .seconds(1)) == other)
        }
    }

    /// "Retry 3 times … before showing an error message": while the retries run there is no
    /// error line, and the header says only that the sync goes on.
    @Test func seedAC2_noErrorMessageWhileRetrying() {
        var state = ArticlesState()
        state.sync = .syncing(attempt: 3, lastError: .offline)
        #expect(state.syncMessage == nil)
        #expect(state.syncHeaderText == "syncing… retry 2 of 3")
        state.sync = .waitingToRetry(retry: 3, maxRetries: 3, delay: .seconds(2), error: .http(status: 500, body: ""))
        #expect(state.syncMessage == nil)
        #expect(state.syncHeaderText == "syncing… retry 3 of 3 in 2 s")
        state.sync = .syncing(attempt: 1, lastError: nil)
        #expect(state.syncMessage == nil)
        #expect(state.emptyMessage == "Loading articles…")
    }

    @Test func runningAndErrorOfEachStatus() {
        #expect(!SyncStatus.idle.isRunning)
        #expect(SyncStatus.syncing(attempt: 1, lastError: nil).isRunning)
        #expect(SyncStatus.waitingToRetry(retry: 1, maxRetries: 3, delay: .seconds(2), error: .offline).isRunning)
        #expect(!SyncStatus.synced(at: noon).isRunning)
        #expect(!SyncStatus.failed(.offline, attempts: 1).isRunning)
        #expect(SyncStatus.synced(at: noon).error == nil)
        #expect(SyncStatus.failed(.offline, attempts: 1).error == .offline)
    }

    @Test func transportErrors() {
        #expect(APIError.offline.isTransport)
        #expect(APIError.timedOut.isTransport)
        #expect(APIError.connectionRefused.isTransport)
        #expect(!APIError.http(status: 500, body: "").isTransport)
        #expect(!APIError.undecodable("x").isTransport)
        #expect(!APIError.cancelled.isTransport)
    }

    @Test(arguments: [
        (Duration.seconds(2), "2 s"), (.milliseconds(1500), "1.5 s"), (.milliseconds(250), "250 ms"),
        (.zero, "0 ms"), (.seconds(15), "15 s"), (.milliseconds(1999), "2 s"), (.milliseconds(2040), "2 s"),
    ])
    func durations(duration: Duration, text: String) {
        #expect(duration.shortDescription == text)
    }

    @Test func wallClockTime() {
        #expect(WallClockTime(hour: 0, minute: 0).description == "00:00")
        #expect(WallClockTime(hour: 23, minute: 59).description == "23:59")
        let now = WallClockTime(Date())
        #expect((0...23).contains(now.hour) && (0...59).contains(now.minute))
    }
}
