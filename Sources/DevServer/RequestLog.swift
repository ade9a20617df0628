import Foundation

/// The one line logged per request: `2024-05-01T12:00:00.123Z GET /rLogin 200 3004ms`. Only
/// method, path (never the query string), status and duration: no tokens, no bodies.
enum RequestLog {
    static func line(at date: Date, method: String, path: String, status: Int, seconds: Double) -> String {
        let timestamp = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        return "\(timestamp) \(method) \(path) \(status) \(Int((seconds * 1000).rounded()))ms"
    }
}
