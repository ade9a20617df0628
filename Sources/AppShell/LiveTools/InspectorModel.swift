import Core
import FoundationEssentials

/// What the network inspector shows, worked out from the monitor's history and the time: one
/// row per request, oldest first and newest last, at most `capacity`, every text already
/// formatted. Pure (no clock, no I/O), so it is tested on its own.
///
/// Nothing secret gets through: rows are built from the method, the path (passed through
/// `Redaction`), the outcome and the timings only — never from headers or bodies, so an
/// `Authorization` header can't be shown.
package struct InspectorModel: Sendable {
    /// How a row reads at a glance.
    package enum Kind: Hashable, Sendable { case pending, success, failure }

    package struct Row: Hashable, Sendable {
        package var id: Int
        /// `HH:MM:SS`, wall-clock time the request began.
        package var time: String
        package var method: String
        package var path: String
        /// `200`, `500`, `timeout`, `pending`…
        package var status: String
        /// `830ms`, `1.2s`; for a request in flight the time so far, with a trailing `…`.
        package var duration: String
        /// `#2`
        package var attempt: String
        /// `retry 4s` when the request's retry policy will try again, `no retry` when it
        /// won't, empty when the request has no retry policy or didn't fail.
        package var retry: String
        package var kind: Kind
    }

    /// The monitor keeps 200; so does the inspector.
    package static let capacity = 200

    /// Retry policies by path suffix (the query aside): `/rLogin` → the login policy, the
    /// articles path → the articles policy. A failed request whose path matches shows when
    /// (or whether) the next try comes.
    package var retryPolicies: [(pathSuffix: String, policy: RetryPolicy)]
    /// The clock's offset from UTC in seconds; nil: the machine's wall clock (`LocalTime`). A
    /// replay gives the recording's, tests a fixed one.
    package var utcOffset: Int?
    package var capacity: Int

    package init(
        retryPolicies: [(pathSuffix: String, policy: RetryPolicy)] = [], utcOffset: Int? = nil,
        capacity: Int = InspectorModel.capacity
    ) {
        self.retryPolicies = retryPolicies
        self.utcOffset = utcOffset
        self.capacity = capacity
    }

    /// The rows for `activities` at `now` (the monitor's clock: what `started` is measured on).
    package func rows(_ activities: [NetworkActivity], now: Duration) -> [Row] {
        let ordered = activities.sorted { ($0.started, $0.id) < ($1.started, $1.id) }
        return ordered.suffix(capacity).map { row($0, now: now) }
    }

    package func row(_ activity: NetworkActivity, now: Duration) -> Row {
        let kind: Kind
        let duration: String
        switch activity.outcome {
        case .pending:
            kind = .pending
            duration = Self.format(max(.zero, now - activity.started)) + "…"
        case .response:
            kind = .success
            duration = activity.duration.map(Self.format) ?? ""
        case .failure:
            kind = .failure
            duration = activity.duration.map(Self.format) ?? ""
        }
        return Row(
            id: activity.id, time: time(of: activity.startDate), method: activity.method,
            path: Redaction.redact(activity.path), status: Self.status(activity.outcome), duration: duration,
            attempt: "#\(activity.attempt)", retry: retry(after: activity), kind: kind)
    }

    /// One line for the panel's title: how many requests (of how many, when a filter keeps
    /// `total` to `rows`), how many still running.
    package static func summary(_ rows: [Row], of total: Int? = nil) -> String {
        let pending = rows.filter { $0.kind == .pending }.count
        var count = (total ?? rows.count) == 1 ? "1 request" : "\(total ?? rows.count) requests"
        if total != nil { count = "\(rows.count) of " + count }
        return pending > 0 ? "\(count) · \(pending) in flight" : count
    }

    // MARK: Formatting

    package func time(of date: Date) -> String {
        let local = utcOffset.map { LocalTime.reading(date, utcOffset: $0).time } ?? LocalTime(date)
        return local.hoursAndMinutes + ":" + Self.twoDigits(local.second)
    }

    /// A short status: the HTTP status when there is one, else what went wrong in a word.
    package static func status(_ outcome: NetworkActivity.Outcome) -> String {
        switch outcome {
        case .pending: "pending"
        case .response(let status): String(status)
        case .failure(let error):
            switch error {
            case .http(let status, _): String(status)
            case .timedOut: "timeout"
            case .connectionRefused: "refused"
            case .offline: "offline"
            case .undecodable: "bad body"
            case .cancelled: "cancelled"
            case .responseTooLarge: "too large"
            case .brokenAnswer(let broken): broken.shortName
            }
        }
    }

    /// `830ms` under a second, `1.2s` under a minute, `1m05s` above.
    package static func format(_ duration: Duration) -> String {
        let milliseconds = max(0, duration.inMilliseconds)
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        let tenths = (milliseconds + 50) / 100
        if tenths < 600 { return "\(tenths / 10).\(tenths % 10)s" }
        let seconds = (milliseconds + 500) / 1000
        return "\(seconds / 60)m\(twoDigits(seconds % 60))s"
    }

    /// A retry delay: whole seconds as `4s`, else tenths.
    package static func formatDelay(_ duration: Duration) -> String {
        let tenths = (duration.inMilliseconds + 50) / 100
        return tenths % 10 == 0 ? "\(tenths / 10)s" : "\(tenths / 10).\(tenths % 10)s"
    }

    private func retry(after activity: NetworkActivity) -> String {
        guard case .failure(let error) = activity.outcome, let policy = policy(for: activity.path) else { return "" }
        guard policy.shouldRetry(error, after: max(1, activity.attempt)) else { return "no retry" }
        return "retry " + Self.formatDelay(policy.delay(after: max(1, activity.attempt)))
    }

    private func policy(for path: String) -> RetryPolicy? {
        let bare = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        return retryPolicies.first { !$0.pathSuffix.isEmpty && bare.hasSuffix($0.pathSuffix) }?.policy
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
