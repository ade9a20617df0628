@testable import TUI

extension RunContext {
    /// Whether the timer `id` is pending.
    func isScheduled(_ id: String) -> Bool { timers.contains(id) }
}
