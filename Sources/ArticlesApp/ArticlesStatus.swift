import AppShell
import Articles
import Core
import TUI

/// What the header and the message line say about the sync right now, in the domain's own
/// words, and the spinner's frame.
package struct ArticlesStatus: Hashable {
    /// "synced at 14:05", "syncing…", "retry 1 of 3 in 2 s", "offline", "server error 500",
    /// "sync failed", or "".
    package var header: String
    /// "Sync failed: server error 500 — retry 2 of 3 in 2 s", or nil when nothing failed.
    package var message: String?
    /// A sync is under way (a spinner turns beside the header).
    package var isRunning: Bool
    /// The last sync gave up (the header and message are drawn as an error).
    package var hasFailed: Bool
    /// The spinner's frame (shown only while `isRunning`).
    package var spinnerFrame: String

    package static let spinner = Spinner()

    /// - Parameter animationStart: when the spinner started turning.
    package init(_ state: ArticlesState, now: Duration, animationStart: Duration) {
        header = state.syncHeaderText
        message = state.syncMessage
        isRunning = state.sync.isRunning
        if case .failed = state.sync { hasFailed = true } else { hasFailed = false }
        spinnerFrame = Self.spinner.frame(at: now - animationStart)
    }

    /// The header's sync state with its spinner: "⠋ syncing…".
    package var headerWithSpinner: String {
        guard !header.isEmpty else { return "" }
        return isRunning ? "\(spinnerFrame) \(header)" : header
    }

    /// How the header's sync state is drawn: an error in bold, the rest quietly.
    package var headerStyle: Style { hasFailed ? Style(foreground: .red, bold: true) : (isRunning ? .plain : .dim) }

    /// How the message line is drawn: bold, red where there is colour.
    package static let messageStyle = Style(foreground: .red, bold: true)

    /// Draws the title on the left and the sync state on the right of a one-row header; returns
    /// where the title went.
    @discardableResult
    package static func drawHeader(left: [(String, Style)], status: ArticlesStatus, in row: Rect, on canvas: inout Canvas) -> Rect {
        guard !row.isEmpty else { return Rect(origin: row.origin, size: .zero) }
        let right = status.headerWithSpinner
        let rightWidth = DisplayWidth.of(right)
        let leftClip = Rect(x: row.x, y: row.y, width: max(0, row.width - rightWidth - 2), height: 1)
        var x = row.x
        for (text, style) in left {
            x = canvas.put(text, at: Point(x: x, y: row.y), style: style, clipTo: leftClip)
        }
        if !right.isEmpty, rightWidth <= row.width {
            canvas.put(right, at: Point(x: row.maxX - rightWidth, y: row.y), style: status.headerStyle, clipTo: row)
        }
        return Rect(x: row.x, y: row.y, width: x - row.x, height: 1).intersection(leftClip)
    }

    /// A dim horizontal rule across `row`.
    package static func drawRule(in row: Rect, on canvas: inout Canvas) {
        canvas.fill(row, with: "─", style: .dim)
    }
}
