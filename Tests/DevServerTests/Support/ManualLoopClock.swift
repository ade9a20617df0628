import Synchronization
@testable import DevServer

/// A loop clock that moves only when the test says so: the loops block until woken, and every
/// move wakes them, so deadlines and delays fire exactly when the test has moved past them.
final class ManualLoopClock: LoopClock {
    private let state = Mutex<(now: UInt64, wakers: [@Sendable () -> Void])>((1_000_000_000, []))

    func now() -> UInt64 { state.withLock { $0.now } }

    func waitMilliseconds(from now: UInt64, until deadline: UInt64?) -> Int32 { -1 }

    func register(wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wakers.append(wake) }
    }

    /// Makes every loop take a turn without moving the time.
    func wake() {
        let wakers = state.withLock { $0.wakers }
        for wake in wakers { wake() }
    }

    func advance(by seconds: Double) {
        advance(to: now() + Nanoseconds.from(seconds: seconds))
    }

    func advance(to instant: UInt64) {
        let wakers = state.withLock { state in
            state.now = max(state.now, instant)
            return state.wakers
        }
        for wake in wakers { wake() }
    }
}
