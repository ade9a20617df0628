/// One step of a retried operation, reported as it happens so the UI can show retries live
/// ("attempt 3 failed: Server error 500 — next try in 4 s").
public struct RetryAttempt: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// The attempt is about to run.
        case started
        case succeeded
        /// The attempt failed; `retryIn` is the wait before the next one, `nil` when this was
        /// the last (the error is then thrown).
        case failed(APIError, retryIn: Duration?)
    }

    /// 1 for the first try.
    public var number: Int
    public var outcome: Outcome

    public init(number: Int, outcome: Outcome) {
        self.number = number
        self.outcome = outcome
    }

    /// The error of a failed attempt.
    public var error: APIError? {
        if case .failed(let error, _) = outcome { return error }
        return nil
    }

    /// The wait before the next attempt, when there will be one.
    public var retryIn: Duration? {
        if case .failed(_, let delay) = outcome { return delay }
        return nil
    }
}

/// Runs `operation` under `policy`: tries, waits on `clock` as the policy says, tries again,
/// until it succeeds, fails for good, or its task is cancelled. Each attempt is reported to
/// `onAttempt` (started, then succeeded or failed with the delay before the next).
///
/// Cancellation stops it at once, mid-attempt or mid-wait, with `APIError.cancelled`.
///
/// - Parameters:
///   - random: values in 0..<1 for the policy's jitter; injected so tests are deterministic.
///   - operation: receives the attempt number (1-based), e.g. for `HTTPRequest.attempt`.
public func retrying<T>(
    policy: RetryPolicy,
    clock: any Clock<Duration>,
    random: () -> Double = { Double.random(in: 0..<1) },
    onAttempt: (RetryAttempt) -> Void = { _ in },
    operation: (_ attempt: Int) async throws(APIError) -> T
) async throws(APIError) -> T {
    var attempt = 1
    while true {
        if Task.isCancelled { throw .cancelled }
        onAttempt(RetryAttempt(number: attempt, outcome: .started))
        let error: APIError
        do {
            let value = try await operation(attempt)
            onAttempt(RetryAttempt(number: attempt, outcome: .succeeded))
            return value
        } catch let failure {
            // Whatever the operation says, a cancelled task has stopped wanting the result.
            error = Task.isCancelled ? .cancelled : failure
        }
        guard policy.shouldRetry(error, after: attempt) else {
            onAttempt(RetryAttempt(number: attempt, outcome: .failed(error, retryIn: nil)))
            throw error
        }
        let delay = policy.delay(after: attempt, unitRandom: random)
        onAttempt(RetryAttempt(number: attempt, outcome: .failed(error, retryIn: delay)))
        do {
            try await clock.sleep(for: delay)
        } catch {
            throw .cancelled
        }
        attempt += 1
    }
}
