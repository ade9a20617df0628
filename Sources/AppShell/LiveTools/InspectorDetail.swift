import Core
import TUI

/// One request in full, as the network inspector's detail (Enter on a row) shows it: the whole
/// URL, the method and status, every attempt at the same request with its time and the wait
/// before it, the request's headers and the answer's size and first lines. Headers and bodies
/// are the monitor's, already redacted (`Redaction`: Authorization, tokens, passwords), and a
/// sensitive request's bodies are never kept (Docs/live-tools.md, "One request in full").
package struct InspectorDetail {
    package var activity: NetworkActivity
    /// Every try of the same method and path the history holds, oldest first (it included).
    package var attempts: [NetworkActivity]
    /// `http://127.0.0.1:3000` with the HTTP backend: the URL's start; nil for the mock.
    package var base: String?
    package var model: InspectorModel

    /// Lines of the answer's body shown.
    package static let bodyLines = 6

    package init(_ activity: NetworkActivity, history: [NetworkActivity], base: String?, model: InspectorModel) {
        self.activity = activity
        attempts = history.filter { $0.method == activity.method && $0.path == activity.path }.sorted { $0.id < $1.id }
        self.base = base
        self.model = model
    }

    /// The text, one entry a line (long ones wrap when drawn, never cut).
    package var lines: [String] {
        let row = model.row(activity, now: activity.started + (activity.duration ?? .zero))
        let url = Redaction.redact(activity.path)
        var lines = [
            activity.transport == .http ? "\(activity.method) \(base.map { Self.trimmed($0) } ?? "")\(url)" : "\(activity.method) \(url) (mock backend)",
            "Status \(row.status) · took \(row.duration.isEmpty ? "so far" : row.duration) · try \(row.attempt)"
                + (row.retry.isEmpty ? "" : " · \(row.retry)"),
            attempts.count == 1 ? "1 attempt:" : "\(attempts.count) attempts:",
        ]
        var previousEnd: Duration?
        for attempt in attempts {
            let each = model.row(attempt, now: attempt.started + (attempt.duration ?? .zero))
            var line = "  \(each.attempt)  \(each.time)  \(each.status)  \(each.duration)"
            if let previousEnd { line += "  after a \(InspectorModel.format(max(.zero, attempt.started - previousEnd))) wait" }
            lines.append(line)
            previousEnd = attempt.duration.map { attempt.started + $0 }
        }
        if activity.requestHeaders.isEmpty {
            lines.append("No request headers.")
        } else {
            lines.append("Request headers:")
            lines += activity.requestHeaders.sorted { $0.key < $1.key }.map { "  \($0.key): \(Redaction.redact($0.value))" }
        }
        if activity.isSensitive {
            lines.append("Bodies not kept: the request carries secrets.")
        } else if let body = activity.responseBody, !body.isEmpty {
            let size = body.utf8.count
            let kept = size >= NetworkMonitor.bodyLimit ? " (the first \(NetworkMonitor.bodyLimit) kept)" : ""
            lines.append("Answer: \(size) bytes\(kept), first lines:")
            let bodyLines = body.split(separator: "\n", omittingEmptySubsequences: false)
            lines += bodyLines.prefix(Self.bodyLines).map { "  " + $0 }
            if bodyLines.count > Self.bodyLines { lines.append("  …") }
        } else {
            lines.append(activity.isPending ? "No answer yet." : "No answer body.")
        }
        return lines
    }

    private static func trimmed(_ base: String) -> String {
        var base = Substring(base)
        while base.hasSuffix("/") { base = base.dropLast() }
        return String(base)
    }
}
