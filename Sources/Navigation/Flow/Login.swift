import Core

public typealias SessionID = String

/// The live state of rLogin, which runs in the background of every screen. `at` values are
/// times since the flow started, supplied by the runtime's events, so a view can compute
/// "next try in S s" without the reducer ever reading a clock.
public enum LoginState: Hashable, Sendable {
    /// Not started (before `.start`, or after leaving the flow).
    case idle
    /// Attempt `attempt` (1-based) is in flight.
    case signingIn(attempt: Int)
    /// Attempt `attempt` failed with `error` at `failedAt`; the next one starts `retryDelay` later.
    case failed(attempt: Int, error: APIError, retryDelay: Duration, failedAt: Duration)
    case signedIn(SessionID)
    /// The configured limit was reached; `.retry` starts again from attempt 1.
    case gaveUp(attempts: Int, error: APIError)

    public var sessionID: SessionID? {
        if case .signedIn(let id) = self { return id }
        return nil
    }

    public var isSignedIn: Bool { sessionID != nil }

    public var hasGivenUp: Bool {
        if case .gaveUp = self { return true }
        return false
    }

    /// The attempt in flight, failed or last made (`nil` when idle or signed in).
    public var attempt: Int? {
        switch self {
        case .signingIn(let attempt), .failed(let attempt, _, _, _), .gaveUp(let attempt, _): attempt
        case .idle, .signedIn: nil
        }
    }

    /// The last failure, while it still matters.
    public var error: APIError? {
        switch self {
        case .failed(_, let error, _, _), .gaveUp(_, let error): error
        case .idle, .signingIn, .signedIn: nil
        }
    }

    /// Time left until the next attempt, given `now` (time since the flow started, from the
    /// runtime's clock); never negative. `nil` unless a retry is scheduled.
    public func timeUntilRetry(now: Duration) -> Duration? {
        guard case .failed(_, _, let delay, let failedAt) = self else { return nil }
        return max(.zero, failedAt + delay - now)
    }

    /// Whole seconds until the next attempt, rounded up ("next try in 4 s").
    public func secondsUntilRetry(now: Duration) -> Int? {
        timeUntilRetry(now: now)?.secondsRoundedUp
    }

    /// One line for the status bar, e.g. "Signing in (attempt 3)…".
    public func summary(now: Duration) -> String {
        switch self {
        case .idle:
            "Not signed in"
        case .signingIn(let attempt):
            attempt == 1 ? "Signing in…" : "Signing in (attempt \(attempt))…"
        case .failed(let attempt, let error, _, _):
            "Sign-in attempt \(attempt) failed: \(error.message); next try in \(secondsUntilRetry(now: now) ?? 0) s"
        case .signedIn:
            "Signed in"
        case .gaveUp(let attempts, let error):
            "Sign-in gave up after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(error.message). \(Wording.retryHint)"
        }
    }
}
