import Core
import CoreTesting
import FoundationEssentials
import Testing

@Suite(.timeLimit(.minutes(10))) struct TimeSourceTests {
    @Test func elapsedAndWallTimeMoveTogetherWithTheClock() {
        let clock = ManualClock()
        let time = TimeSource.driven(by: clock, wallAtOrigin: testEpoch)
        #expect(time.now == Timestamp(elapsed: .zero, wall: testEpoch))
        clock.advance(by: .milliseconds(2_500))
        #expect(time.elapsed == .milliseconds(2_500))
        #expect(time.wallNow == testEpoch.addingTimeInterval(2.5))
        #expect(time.now == Timestamp(elapsed: .milliseconds(2_500), wall: testEpoch.addingTimeInterval(2.5)))
    }

    @Test func copiesShareOneOrigin() {
        let clock = ManualClock()
        let time = TimeSource.driven(by: clock)
        clock.advance(by: .seconds(3))
        let copy = time
        clock.advance(by: .seconds(1))
        #expect(copy.elapsed == .seconds(4), "a copy handed to a runtime reads the loop's timeline, not its own")
    }

    @Test func aFrozenSourceNeverMoves() {
        let time = TimeSource.frozen(at: testEpoch)
        #expect(time.elapsed == .zero)
        #expect(time.wallNow == testEpoch)
    }

    @Test func sleepingWaitsOnTheClock() async throws {
        let clock = ManualClock()
        let time = TimeSource.driven(by: clock)
        let slept = Task { try await time.sleep(for: .seconds(2)) }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(2))
        try await slept.value
        #expect(time.elapsed == .seconds(2))
    }

    @Test func theSystemSourceMovesForward() {
        let time = TimeSource.system
        let first = time.elapsed
        #expect(time.elapsed >= first)
        #expect(abs(time.wallNow.timeIntervalSince(time.wallAtOrigin) - time.elapsed.inSeconds) < 1)
    }

    /// The system source reads `ContinuousClock`'s clock itself: it starts at zero and keeps pace
    /// with `ContinuousClock` (a few milliseconds of real time, read around by both).
    @Test func theSystemSourceKeepsPaceWithTheContinuousClock() {
        let clock = ContinuousClock()
        let before = clock.now
        let time = TimeSource.system
        #expect(time.elapsed >= .zero)
        #expect(time.elapsed < .seconds(1))
        while clock.now - before < .milliseconds(5) {}
        let inner = time.elapsed
        let outer = before.duration(to: clock.now)
        #expect(inner >= .milliseconds(4), "the source moved as the clock did")
        #expect(inner <= outer, "and never ahead of it: it started after `before` and was read before `outer`")
    }
}
