import Foundation
@testable import DevServer

/// Drives a server's event loops on a `ManualLoopClock`: the loops report every turn to
/// `observe` (the environment's `turnObserver`), and `settle` wakes them until each has had a
/// turn with nothing ready — then all I/O that was waiting is handled and all timers that were
/// due have fired. The server keeps nothing for it (Docs/testing.md, "The server on a manual
/// clock").
final class LoopDriver: Sendable {
    private struct Loop {
        var turns = 0
        var last: LoopTurn
    }

    let clock: ManualLoopClock
    /// Guards `loops`; signalled at every report.
    private let condition = NSCondition()
    nonisolated(unsafe) private var loops: [Int: Loop] = [:]

    init(clock: ManualLoopClock) {
        self.clock = clock
    }

    /// The loops' observer: called on their threads.
    var observe: @Sendable (LoopTurn) -> Void {
        { [self] turn in
            condition.lock()
            defer { condition.unlock() }
            loops[turn.loop, default: Loop(last: turn)].turns += 1
            loops[turn.loop]?.last = turn
            condition.broadcast()
        }
    }

    /// Returns once every running loop has had a turn with nothing ready (tests call it after
    /// moving the clock).
    func settle() {
        for _ in 0..<100_000 {
            condition.lock()
            let seen = loops.filter { !$0.value.last.finished }.mapValues(\.turns)
            condition.unlock()
            if seen.isEmpty { return }
            clock.wake()
            condition.lock()
            while !seen.allSatisfy({ loop, turns in (loops[loop]?.turns ?? 0) > turns }) { condition.wait() }
            let quiet = seen.keys.allSatisfy { loops[$0]?.last.events == 0 || loops[$0]?.last.finished == true }
            condition.unlock()
            if quiet { return }
        }
    }

    /// The earliest entry in any loop's timer heap at its last turn (after `settle`, the heaps
    /// as they are); entries may be stale, so nothing need happen at it.
    func nextDeadline() -> UInt64? {
        condition.lock()
        defer { condition.unlock() }
        return loops.values.filter { !$0.last.finished }.compactMap(\.last.nextDeadline).min()
    }
}
