import Synchronization

/// A time source tests move by hand, for `EventLoop(clock:)` and `ManualPoller`.
public final class ManualTime: Sendable {
    private let instant: Mutex<ContinuousClock.Instant>

    public init(start: ContinuousClock.Instant = .now) { instant = Mutex(start) }

    public var now: ContinuousClock.Instant { instant.withLock { $0 } }

    public func advance(by duration: Duration) { instant.withLock { $0 += duration } }

    /// For `EventLoop(clock:)`.
    public var clock: @Sendable () -> ContinuousClock.Instant { { self.now } }
}

/// A poller that never blocks, for tests. It looks at the descriptors without waiting (a real
/// `poll` with a zero timeout) and, when nothing is readable and `hasPendingInput` says no,
/// "sleeps" by moving `time` forward by the timeout. Every requested timeout is recorded, so a
/// test can see that an idle loop would sleep forever (nil) rather than tick.
public final class ManualPoller: Poller {
    public let time: ManualTime
    /// Every timeout requested, in order (nil: wait forever).
    public private(set) var timeouts: [Duration?] = []
    /// What each wait found readable, in order.
    public private(set) var results: [PollResult] = []
    /// Extra input the descriptors can't show (a headless terminal's queued keys).
    public var hasPendingInput: () -> Bool
    private let system = SystemPoller()

    public init(time: ManualTime, hasPendingInput: @escaping () -> Bool = { false }) {
        self.time = time
        self.hasPendingInput = hasPendingInput
    }

    public func wait(for descriptors: [Int32], timeout: Duration?) -> PollResult {
        timeouts.append(timeout)
        let result = system.wait(for: descriptors, timeout: .zero)
        results.append(result)
        if result.readable.isEmpty, result.hungUp.isEmpty, !hasPendingInput(), let timeout, timeout > .zero {
            time.advance(by: timeout)
        }
        return result
    }
}
