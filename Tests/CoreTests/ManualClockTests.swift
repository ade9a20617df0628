import CoreTesting
import Synchronization
import Testing
@testable import Core

/// The test clock, with its sleepers run on a `ManualExecutor`: each step is settled before the
/// next assertion, and no test can hang waiting for a sleeper that never comes.
@Suite(.timeLimit(.minutes(10))) struct ManualClockTests {
    let clock = ManualClock()
    let executor = ManualExecutor()

    private func start(_ body: @escaping @Sendable () async throws -> Void) -> Task<Void, any Error> {
        Task(executorPreference: executor) { try await body() }
    }

    @Test func sleepersWakeInDeadlineOrderWhenTimeIsAdvancedPastThem() {
        let woken = Locked<[Int]>([])
        for (index, seconds) in [3, 1, 2].enumerated() {
            _ = start { [clock] in
                try await clock.sleep(for: .seconds(seconds))
                woken.withLock { $0.append(index) }
            }
        }
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 3)
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(1)))
        clock.advance(by: .milliseconds(1500))
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 2)
        #expect(woken.value == [1])
        clock.advance(by: .seconds(10))
        executor.runUntilIdle()
        #expect(woken.value == [1, 2, 0])
        #expect(clock.now.offset == .milliseconds(11_500))
        #expect(clock.sleeperCount == 0)
    }

    @Test func advancingToADeadlineWakesOnlyTheSleepersDueByThen() {
        let order = Locked<[String]>([])
        _ = start { [clock] in try await clock.sleep(until: .init(offset: .seconds(2))); order.withLock { $0.append("2s") } }
        _ = start { [clock] in try await clock.sleep(until: .init(offset: .seconds(1))); order.withLock { $0.append("1s") } }
        executor.runUntilIdle()
        clock.advance(to: .init(offset: .seconds(1)))
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
        clock.advance(to: .init(offset: .seconds(2)))
        executor.runUntilIdle()
        #expect(order.value == ["1s", "2s"])
    }

    @Test func aSleepAlreadyDueReturnsAtOnce() async throws {
        let clock = ManualClock(now: .init(offset: .seconds(5)))
        try await clock.sleep(until: .init(offset: .seconds(4)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
        #expect(clock.minimumResolution == .zero)
    }

    @Test func cancellingASleeperThrowsCancellationErrorAndRemovesIt() async {
        let task = start { [clock] in try await clock.sleep(for: .seconds(60)) }
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
        task.cancel()
        executor.runUntilIdle()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
        #expect(clock.nextDeadline == nil)
    }

    @Test func aTaskCancelledBeforeSleepingNeverRegisters() async {
        let task = start { [clock] in
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        executor.runUntilIdle()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func advanceToNextDeadlineStepsThroughTheSchedule() {
        #expect(clock.advanceToNextDeadline() == nil)
        let finished = Locked(false)
        _ = start { [clock] in
            try await clock.sleep(for: .seconds(2))
            try await clock.sleep(for: .seconds(3))
            finished.withLock { $0 = true }
        }
        executor.runUntilIdle()
        #expect(clock.advanceToNextDeadline() == .seconds(2))
        executor.runUntilIdle()
        #expect(clock.advanceToNextDeadline() == .seconds(3))
        executor.runUntilIdle()
        #expect(finished.value)
        #expect(clock.now.offset == .seconds(5))
    }

    @Test func instantsMeasureTheDistanceBetweenThem() {
        let a = ManualClock.Instant(offset: .seconds(1))
        let b = a.advanced(by: .milliseconds(500))
        #expect(a.duration(to: b) == .milliseconds(500))
        #expect(a < b)
        #expect(b.description.contains("1.5"))
    }

    @Test func advancingNeverMovesTheClockBackwards() {
        let clock = ManualClock(now: .init(offset: .seconds(10)))
        clock.advance(to: .init(offset: .seconds(3)))
        #expect(clock.now.offset == .seconds(10))
    }
}

/// The executor tests drive: nothing runs until it is turned, then everything queued runs, in
/// order, including what the running jobs queue.
@Suite(.timeLimit(.minutes(10))) struct ManualExecutorTests {
    @Test func jobsRunOnlyWhenTurnedAndInOrder() {
        let executor = ManualExecutor()
        let log = Locked<[String]>([])
        _ = Task(executorPreference: executor) {
            log.withLock { $0.append("a1") }
            await Task.yield()
            log.withLock { $0.append("a2") }
        }
        _ = Task(executorPreference: executor) { log.withLock { $0.append("b") } }
        #expect(log.value.isEmpty)
        #expect(executor.pendingCount == 2)
        #expect(executor.runUntilIdle() >= 3, "every job, the yield's continuation included")
        #expect(log.value == ["a1", "b", "a2"])
        #expect(executor.runUntilIdle() == 0)
    }
}
