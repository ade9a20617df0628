import CoreTesting
import TUI

/// A poller that never blocks, for tests. It looks at the descriptors without waiting (a real
/// `poll` with a zero timeout). Every requested timeout is recorded, so a test can see that an
/// idle loop would sleep for ever (nil) rather than tick.
///
/// Given a clock, a wait that finds nothing to read "sleeps" by moving that clock forward by the
/// timeout, as real time would pass in `poll` (the loop's own tests). Without one, time moves
/// only when the test moves it (the app's tests, whose domain waits share the clock).
public final class ImmediatePoller: Poller {
    /// Every timeout requested, in order (nil: wait for ever).
    public private(set) var timeouts: [Duration?] = []
    /// What each wait found readable, in order.
    public private(set) var results: [PollResult] = []
    /// Extra input the descriptors can't show (a headless terminal's queued keys).
    public var hasPendingInput: () -> Bool
    private let clock: ManualClock?
    private let system = SystemPoller()

    public init(advancing clock: ManualClock? = nil, hasPendingInput: @escaping () -> Bool = { false }) {
        self.clock = clock
        self.hasPendingInput = hasPendingInput
    }

    public func wait(for descriptors: [Int32], timeout: Duration?) -> PollResult {
        timeouts.append(timeout)
        let result = system.wait(for: descriptors, timeout: .zero)
        results.append(result)
        if let clock, result.readable.isEmpty, result.hungUp.isEmpty, !hasPendingInput(), let timeout, timeout > .zero {
            clock.advance(by: timeout)
        }
        return result
    }
}
