import FoundationEssentials
import Glibc

/// A moment on this machine's wall clock (`TZ`, else `/etc/localtime`), read through the C
/// library like `date` does. FoundationEssentials alone knows only fixed-offset time zones, and
/// the app does not link the ICU-based rest of Foundation (Docs/performance.md), so
/// `TimeZone.current` would say GMT there.
public struct LocalTime: Hashable, Sendable {
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(hour: Int, minute: Int, second: Int) {
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `date` on this machine's wall clock.
    public init(_ date: Date) {
        self = Self.reading(date).time
    }
}

/// A day on this machine's calendar, for "3 Jan" beside a time of another day.
public struct LocalDay: Hashable, Sendable {
    public var year: Int
    /// 1 to 12.
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// "3 Jan".
    public var shortDescription: String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(day) \(months[max(0, min(11, month - 1))])"
    }
}

extension LocalTime {
    /// `date`'s day and time on this machine's wall clock, or in `zone` when one is given (tests
    /// give a fixed one, so what they draw does not depend on the machine's).
    public static func reading(_ date: Date, in zone: TimeZone? = nil) -> (day: LocalDay, time: LocalTime) {
        if let zone {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return (
                LocalDay(year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1),
                LocalTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0))
        }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return reading(parts)
    }

    /// The day and time the C library's broken-down time holds.
    private static func reading(_ parts: tm) -> (day: LocalDay, time: LocalTime) {
        (
            LocalDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)),
            LocalTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec)))
    }

    /// `HH:MM`, 24-hour.
    public var hoursAndMinutes: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

extension LocalTime {
    /// The offsets from UTC a clock can have, in seconds: more than −25 hours and less than
    /// 26 (RFC 8536's range for a time zone file; a `TZ` such as `UTC-24:59:59` gives 89,999).
    /// `utcOffset(at:)` never says anything outside it, so whatever is recorded can be read back.
    public static let utcOffsets = -89_999...93_599

    /// This machine's offset from UTC at `date`, in seconds (east positive), as `TZ` or
    /// `/etc/localtime` says, brought within `utcOffsets`.
    public static func utcOffset(at date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return min(max(parts.tm_gmtoff, utcOffsets.lowerBound), utcOffsets.upperBound)
    }

    /// `date`'s day and time on a clock `utcOffset` seconds east of UTC: exact for any offset
    /// (Foundation's fixed-offset time zones stop at 18 hours).
    public static func reading(_ date: Date, utcOffset: Int) -> (day: LocalDay, time: LocalTime) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down)) + utcOffset
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return reading(parts)
    }
}
