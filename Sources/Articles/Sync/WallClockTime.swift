import Core
import FoundationEssentials

/// Hour and minute on the user's wall clock, for "synced at 14:05". The runtime stamps sync
/// results with it from an injected source, so the reducer never reads a clock.
public struct WallClockTime: Hashable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init(hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// `HH:MM`, 24-hour.
    public var description: String {
        LocalTime(hour: hour, minute: minute, second: 0).hoursAndMinutes
    }

    /// `date` on this machine's clock face.
    public init(_ date: Date) {
        let local = LocalTime(date)
        self.init(hour: local.hour, minute: local.minute)
    }
}
