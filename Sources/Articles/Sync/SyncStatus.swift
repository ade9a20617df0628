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

    /// While waiting to retry, the same status with `delay` cut to what is left after
    /// `elapsed`, in whole seconds rounded up (a countdown: "in 2 s", "in 1 s", then the retry
    /// starts; never "in 0 s"). Delays under a second are not counted down, and any other
    /// status is returned as it is.
    public func countingDown(elapsed: Duration) -> SyncStatus {
        guard case .waitingToRetry(let retry, let maxRetries, let delay, let error) = self, delay >= .seconds(1) else {
            return self
        }
        let left = max(1, (delay - elapsed).secondsRoundedUp)
        return .waitingToRetry(retry: retry, maxRetries: maxRetries, delay: .seconds(left), error: error)
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

extension Duration {
    /// "2 s", "1.5 s", "250 ms": the delay as the header shows it.
    public var shortDescription: String {
        let milliseconds = inMilliseconds
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        let tenths = (milliseconds + 50) / 100
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }
}
