@testable import TUI

extension RunContext {
    /// Ids of pending timers, earliest first.
    var scheduledTimers: [String] { timers.ids }

    /// Whether the timer `id` is pending.
    func isScheduled(_ id: String) -> Bool { timers.contains(id) }
}
