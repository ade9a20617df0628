import Synchronization
import Testing
import CoreTesting
@testable import Core

@Suite struct ManualClockTests {
    @Test func sleepersWakeInDeadlineOrderWhenTimeIsAdvancedPastThem() async throws {
        let clock = ManualClock()
        let woken = Locked<[Int]>([])
        await withThrowingTaskGroup(of: Void.self) { group in
            for (index, seconds) in [3, 1, 2].enumerated() {
                group.addTask {
                    try await clock.sleep(for: .seconds(seconds))
                    woken.withLock { $0.append(index) }
                }
            }
            await clock.sleepers(count: 3)
            #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(1)))
            clock.advance(by: .milliseconds(1500))
            #expect(clock.sleeperCount == 2)
            clock.advance(by: .seconds(10))
            try? await group.waitForAll()
        }
        #expect(Set(woken.withLock { $0 }) == [0, 1, 2])
        #expect(clock.now.offset == .milliseconds(11_500))
        #expect(clock.sleeperCount == 0)
    }

    @Test func advancingToADeadlineWakesOnlyTheSleepersDueByThen() async throws {
        let clock = ManualClock()
        let order = Locked<[String]>([])
        let first = Task { try await clock.sleep(until: .init(offset: .seconds(2))); order.withLock { $0.append("2s") } }
        await clock.sleepers(count: 1)
        let second = Task { try await clock.sleep(until: .init(offset: .seconds(1))); order.withLock { $0.append("1s") } }
        await clock.sleepers(count: 2)
        clock.advance(to: .init(offset: .seconds(1)))
        try await second.value
        #expect(clock.sleeperCount == 1)
        clock.advance(to: .init(offset: .seconds(2)))
        try await first.value
        #expect(order.withLock { $0 } == ["1s", "2s"])
    }

    @Test func aSleepAlreadyDueReturnsAtOnce() async throws {
        let clock = ManualClock(now: .init(offset: .seconds(5)))
        try await clock.sleep(until: .init(offset: .seconds(4)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
        #expect(clock.minimumResolution == .zero)
    }

    @Test func cancellingASleeperThrowsCancellationErrorAndRemovesIt() async {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.sleepers(count: 1)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
        #expect(clock.nextDeadline == nil)
    }

    @Test func aTaskCancelledBeforeSleepingNeverRegisters() async {
        let clock = ManualClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test func advanceToNextDeadlineStepsThroughTheSchedule() async throws {
        let clock = ManualClock()
        #expect(clock.advanceToNextDeadline() == nil)
        let task = Task {
            try await clock.sleep(for: .seconds(2))
            try await clock.sleep(for: .seconds(3))
        }
        await clock.sleepers(count: 1)
        #expect(clock.advanceToNextDeadline() == .seconds(2))
        await clock.sleepers(count: 1)
        #expect(clock.advanceToNextDeadline() == .seconds(3))
        try await task.value
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
