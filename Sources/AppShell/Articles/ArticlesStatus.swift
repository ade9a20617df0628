import Articles
import Foundation
import TUI

/// What the header and the message line say about the sync right now: the domain's own texts,
/// with the wait before a retry counted down live (the domain only knows the whole delay).
struct ArticlesStatus: Hashable {
    /// "synced at 14:05", "syncing…", "retry 1 of 3 in 2 s", "offline", "sync failed", or "".
    var header: String
    /// "Sync failed: server error 500 — retry 2 of 3 in 2 s", or nil when nothing failed.
    var message: String?
    /// A sync is under way (a spinner turns beside the header).
    var isRunning: Bool
    /// The last sync gave up (the header and message are drawn as an error).
    var hasFailed: Bool
    /// The spinner's frame (shown only while `isRunning`).
    var spinnerFrame: String

    static let spinner = Spinner()

    /// - Parameters:
    ///   - retryShownAt: when the screen first saw the current wait before a retry.
    ///   - animationStart: when the spinner started turning.
    init(
        _ state: ArticlesState, now: ContinuousClock.Instant, retryShownAt: ContinuousClock.Instant?,
        animationStart: ContinuousClock.Instant
    ) {
        var shown = state
        if case .waitingToRetry(let retry, let maxRetries, let delay, let error) = state.sync, let retryShownAt {
            let remaining = Self.remaining(of: delay, elapsed: retryShownAt.duration(to: now))
            shown.sync = .waitingToRetry(retry: retry, maxRetries: maxRetries, delay: remaining, error: error)
        }
        header = shown.syncHeaderText
        message = shown.syncMessage
        isRunning = state.sync.isRunning
        if case .failed = state.sync { hasFailed = true } else { hasFailed = false }
        spinnerFrame = Self.spinner.frame(at: animationStart.duration(to: now))
    }

    /// The wait left, in whole seconds rounded up ("2 s", then "1 s"); a delay under a second
    /// is shown as it is, since counting it down would only flicker.
    static func remaining(of delay: Duration, elapsed: Duration) -> Duration {
        guard delay >= .seconds(1) else { return delay }
        let left = delay - max(.zero, elapsed)
        let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
        return .seconds(max(1, Int(seconds.rounded(.up))))
    }

    /// The header's sync state with its spinner: "⠋ syncing…".
    var headerWithSpinner: String {
        guard !header.isEmpty else { return "" }
        return isRunning ? "\(spinnerFrame) \(header)" : header
    }

    /// How the header's sync state is drawn: an error in bold, the rest quietly.
    var headerStyle: Style { hasFailed ? Style(foreground: .red, bold: true) : (isRunning ? .plain : .dim) }

    /// How the message line is drawn: bold, red where there is colour.
    static let messageStyle = Style(foreground: .red, bold: true)

    /// Draws the title on the left and the sync state on the right of a one-row header.
    static func drawHeader(left: [(String, Style)], status: ArticlesStatus, in row: Rect, on canvas: inout Canvas) {
        guard !row.isEmpty else { return }
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
    }

    /// A dim horizontal rule across `row`.
    static func drawRule(in row: Rect, on canvas: inout Canvas) {
        canvas.fill(row, with: "─", style: .dim)
    }
}
