@testable import TUI

extension RunContext {
    /// Ids of pending timers, earliest first.
    var scheduledTimers: [String] { timers.ids }
}
