import Synchronization
import Testing
import CoreTesting
@testable import Core

/// Answers scripted in advance, one per attempt; the last repeats.
private final class Script: Sendable {
    private let answers: Locked<[APIError?]>
    let calls = Locked(0)
    init(_ answers: [APIError?]) { self.answers = Locked(answers) }

    func next() throws(APIError) {
        calls.withLock { $0 += 1 }
        let answer = answers.withLock { answers in answers.count > 1 ? answers.removeFirst() : answers[0] }
        if let answer { throw answer }
    }
}

private let serverError = APIError.http(status: 500, body: "")

@Suite struct RetryingTests {
    @Test func articlesSyncSucceedsAfterExactlySixSecondsWhenThree500sPrecedeA200() async throws {
        let clock = ManualClock()
        let script = Script([serverError, serverError, serverError, nil])
        let attempts = Locked<[RetryAttempt]>([])
        let task = Task {
            try await retrying(policy: .articlesSync, clock: clock, onAttempt: { a in attempts.withLock { $0.append(a) } }) {
                attempt throws(APIError) in
                try script.next()
                return (attempt, clock.now)
            }
        }
        for _ in 0..<3 {
            await clock.sleepers(count: 1)
            clock.advance(by: .seconds(2))
        }
        let (attempt, finishedAt) = try await task.value
        #expect(attempt == 4)
        #expect(finishedAt.offset == .seconds(6))
        #expect(attempts.withLock { $0 } == [
            .init(number: 1, outcome: .started), .init(number: 1, outcome: .failed(serverError, retryIn: .seconds(2))),
            .init(number: 2, outcome: .started), .init(number: 2, outcome: .failed(serverError, retryIn: .seconds(2))),
            .init(number: 3, outcome: .started), .init(number: 3, outcome: .failed(serverError, retryIn: .seconds(2))),
            .init(number: 4, outcome: .started), .init(number: 4, outcome: .succeeded),
        ])
    }

    @Test func articlesSyncGivesUpAfterTheFourthFailure() async {
        let clock = ManualClock()
        let script = Script([serverError])
        let last = Locked<RetryAttempt?>(nil)
        let task = Task {
            try await retrying(policy: .articlesSync, clock: clock, onAttempt: { a in last.withLock { $0 = a } }) {
                _ throws(APIError) in try script.next()
            }
        }
        for _ in 0..<3 {
            await clock.sleepers(count: 1)
            clock.advance(by: .seconds(2))
        }
        let result = await task.result
        #expect(throws: serverError) { try result.get() }
        #expect(script.calls.withLock { $0 } == 4)
        #expect(last.withLock { $0 } == RetryAttempt(number: 4, outcome: .failed(serverError, retryIn: nil)))
        #expect(last.withLock { $0?.error } == serverError)
        #expect(last.withLock { $0?.retryIn } == nil)
        #expect(clock.now.offset == .seconds(6))
    }

    @Test func a404IsNotRetried() async {
        let script = Script([.http(status: 404, body: "missing")])
        await #expect(throws: APIError.http(status: 404, body: "missing")) {
            try await retrying(policy: .articlesSync, clock: ManualClock()) { _ throws(APIError) in try script.next() }
        }
        #expect(script.calls.withLock { $0 } == 1)
    }

    @Test(arguments: [APIError.timedOut, .connectionRefused, .offline])
    func transportFailuresAreRetried(_ failure: APIError) async throws {
        let clock = ManualClock()
        let script = Script([failure, nil])
        let task = Task { try await retrying(policy: .articlesSync, clock: clock) { attempt throws(APIError) in try script.next(); return attempt } }
        await clock.sleepers(count: 1)
        clock.advance(by: .seconds(2))
        #expect(try await task.value == 2)
    }

    @Test func loginBacksOffOneTwoFourEightFifteenFifteenSeconds() async throws {
        let clock = ManualClock()
        let script = Script([serverError, serverError, serverError, serverError, serverError, serverError, nil])
        let delays = Locked<[Duration]>([])
        let task = Task {
            try await retrying(policy: .login, clock: clock, onAttempt: { a in
                if let delay = a.retryIn { delays.withLock { $0.append(delay) } }
            }) { attempt throws(APIError) in try script.next(); return attempt }
        }
        var waited: [Duration] = []
        for _ in 0..<6 {
            await clock.sleepers(count: 1)
            waited.append(try #require(clock.advanceToNextDeadline()))
        }
        #expect(try await task.value == 7)
        let expected: [Duration] = [1, 2, 4, 8, 15, 15].map { .seconds($0) }
        #expect(waited == expected)
        #expect(delays.withLock { $0 } == expected)
        #expect(clock.now.offset == .seconds(45))
    }

    @Test func cancellingMidBackoffStopsAtOnceWithCancelled() async {
        let clock = ManualClock()
        let script = Script([serverError])
        let task = Task { try await retrying(policy: .login, clock: clock) { _ throws(APIError) in try script.next() } }
        await clock.sleepers(count: 1)
        task.cancel()
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
        #expect(script.calls.withLock { $0 } == 1)
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancellingDuringAnAttemptReportsCancelledWhateverTheOperationThrew() async {
        let clock = ManualClock()
        let task = Task {
            try await retrying(policy: .login, clock: clock) { _ throws(APIError) in
                withUnsafeCurrentTask { $0?.cancel() }
                throw serverError
            }
        }
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
    }

    @Test func anAlreadyCancelledTaskMakesNoAttempt() async {
        let script = Script([nil])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await retrying(policy: .singleTry, clock: ManualClock()) { _ throws(APIError) in try script.next() }
        }
        let result = await task.result
        #expect(throws: APIError.cancelled) { try result.get() }
        #expect(script.calls.withLock { $0 } == 0)
    }

    @Test func jitterComesFromTheInjectedRandomSource() async throws {
        let clock = ManualClock()
        let policy = RetryPolicy(maxAttempts: 2, schedule: .constant(.seconds(2)), jitter: 0.5)
        let script = Script([serverError, nil])
        let task = Task { try await retrying(policy: policy, clock: clock, random: { 0.5 }) { _ throws(APIError) in try script.next() } }
        await clock.sleepers(count: 1)
        #expect(clock.advanceToNextDeadline() == .milliseconds(2500))
        try await task.value
    }
}
