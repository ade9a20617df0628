import Foundation
import Glibc
import Synchronization

/// The one line logged per request: `2024-05-01T12:00:00.123Z GET /rLogin 200 3004ms`. Only
/// method, path (never the query string), status and duration: no tokens, no bodies. Built by
/// hand: a date formatter per request would cost more than answering it.
enum RequestLog {
    static func line(at date: Date, method: String, path: String, status: Int, seconds: Double) -> String {
        "\(timestamp(date)) \(method) \(path) \(status) \(Int((seconds * 1000).rounded()))ms"
    }

    /// The last second formatted: a busy server logs thousands of lines in the same second.
    private static let lastSecond = Mutex<(second: Int64, text: String)>((.min, ""))

    /// ISO 8601 in UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let second = milliseconds.quotient(dividingBy: 1000)
        let fraction = Int(milliseconds.remainder(dividingBy: 1000))
        let millis = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        let cached = lastSecond.withLock { $0.second == second ? $0.text : nil }
        let prefix = cached ?? secondText(second)
        if cached == nil { lastSecond.withLock { $0 = (second, prefix) } }
        return prefix + "." + millis + "Z"
    }

    /// `2024-01-01T00:00:00` for a second since 1970.
    private static func secondText(_ second: Int64) -> String {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}

private extension Int64 {
    /// Floor division, so times before 1970 still format (never needed, never wrong).
    func quotient(dividingBy divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor < 0) ? q - 1 : q
    }

    func remainder(dividingBy divisor: Int64) -> Int64 {
        let r = self % divisor
        return r < 0 ? r + divisor : r
    }
}
