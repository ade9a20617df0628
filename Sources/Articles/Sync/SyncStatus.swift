import Core

/// Where the current sync stands; the header and the error line are drawn from it.
public enum SyncStatus: Hashable, Sendable {
    /// No sync has run since the screen appeared (or it was cancelled by leaving).
    case idle
    /// A request is in flight. `lastError` is the failure that led to this retry (nil on the
    /// first attempt).
    case syncing(attempt: Int, lastError: APIError?)
    /// Attempt `retry` failed with `error`; retry number `retry` (of `maxRetries`) starts after
    /// `delay`.
    case waitingToRetry(retry: Int, maxRetries: Int?, delay: Duration, error: APIError)
    /// The last sync succeeded at this wall-clock time.
    case synced(at: WallClockTime)
    /// The sync gave up after `attempts` attempts.
    case failed(APIError, attempts: Int)

    /// A sync is under way (in flight or waiting to retry): `r` is ignored meanwhile.
    public var isRunning: Bool {
        switch self {
        case .syncing, .waitingToRetry: true
        case .idle, .synced, .failed: false
        }
    }

    /// The error of the last failed attempt, while it matters.
    public var error: APIError? {
        switch self {
        case .syncing(_, let error): error
        case .waitingToRetry(_, _, _, let error), .failed(let error, _): error
        case .idle, .synced: nil
        }
    }
}

extension APIError {
    /// The network itself failed (no answer at all), as opposed to an answer we didn't like.
    public var isTransport: Bool {
        switch self {
        case .offline, .connectionRefused, .timedOut: true
        case .http, .undecodable, .cancelled: false
        }
    }
}

extension Duration {
    /// "2 s", "1.5 s", "250 ms": the delay as the header shows it.
    public var shortDescription: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        let tenths = (milliseconds + 50) / 100
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
