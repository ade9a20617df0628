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
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
    }
}

extension LocalTime {
    /// This machine's offset from UTC at `date`, in seconds (east positive), as `TZ` or
    /// `/etc/localtime` says.
    public static func utcOffset(at date: Date) -> Int {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return parts.tm_gmtoff
    }
}
