import Core

/// The words the screens show, derived from the state so every screen says the same thing.
extension ArticlesState {
    /// "60 articles", "1 article", "no articles".
    public var countText: String {
        // While only the start of the stored list is read, the count is the whole list's.
        switch listTotal {
        case 0: "no articles"
        case 1: "1 article"
        case let n: "\(Self.grouped(n)) articles"
        }
    }

    /// The short sync state for the header: "synced at 14:05", "syncing…", "syncing… retry 1 of 3
    /// in 2 s", what a failed sync ran into ("offline", "connection refused", "server error 500",
    /// "sync failed"), or "" before any sync.
    ///
    /// The challenge asks for the retries to happen *before* an error is shown, so while they
    /// run the header only says that the sync goes on (see Docs/articles.md); the network
    /// inspector keeps every failed attempt for whoever wants to know.
    ///
    /// A long sync says what it is doing: "syncing… 18 MB of 61" while the answer arrives,
    /// "reading articles… 40,000" while it is decoded, "sorting 100,000 articles…" once it is
    /// read (`progress`).
    public var syncHeaderText: String {
        switch sync {
        case .idle: ""
        case .syncing(let attempt, _):
            if case .sorting(let count) = progress { "sorting \(Self.grouped(count)) articles…" }
            else if case .reading(let count) = progress { "reading articles… \(Self.grouped(count))" }
            else {
                (attempt > 1 ? "syncing… \(retryText(attempt - 1))" : "syncing…")
                    + (progress.flatMap(Self.transferText).map { (attempt > 1 ? " · " : " ") + $0 } ?? "")
            }
        case .waitingToRetry(let retry, _, let delay, _): "syncing… \(retryText(retry)) in \(delay.shortDescription)"
        case .synced(let time): "synced at \(time)"
        case .failed(let error, _): Self.headerText(for: error)
        }
    }

    /// What the header says of a sync that failed, in a word or two: "offline" only when the
    /// network is down; a refused connection, a time-out and a server's error say so.
    static func headerText(for error: APIError) -> String {
        switch error {
        case .offline: "offline"
        case .connectionRefused: "connection refused"
        case .timedOut: "timed out"
        case .http(let status, _) where (500...599).contains(status): "server error \(status)"
        default: "sync failed"
        }
    }

    /// The error line, once the sync has failed for good (its retries spent, or a failure not
    /// worth retrying): the error and what happens now. `nil` otherwise, retries included, and
    /// once `x` dismissed it.
    public var syncMessage: String? {
        switch sync {
        case .idle, .synced, .syncing, .waitingToRetry:
            return nil
        case .failed where isFailureDismissed:
            return nil
        case .failed(let error, let attempts):
            let tries = attempts > 1 ? " after \(attempts) attempts" : ""
            let shown = articles.isEmpty ? "" : " Showing the last stored articles."
            return "Sync failed\(tries): \(Self.describe(error)).\(shown) \(Self.advice(for: error, injected: failuresAreInjected))"
        }
    }

    /// "In memory only — nothing is kept (the data folder is unusable)", while the store could
    /// not be opened; it stays (a lasting state, not a one-time message).
    public var memoryOnlyMessage: String? {
        keepsNothingBecause.map { "In memory only — nothing is kept (\($0))" }
    }

    /// A message above the list that `x` dismisses: a notice or a failed sync's error line.
    public var hasDismissibleMessage: Bool { notice != nil || syncMessage != nil }

    /// What the list area says when there is no article to show (`nil` when there are some).
    public var emptyMessage: String? {
        guard articles.isEmpty else { return nil }
        switch sync {
        case .idle, .syncing, .waitingToRetry: return "Loading articles…"
        case .synced: return "The server has no articles."
        case .failed: return "No articles stored on this device yet."
        }
    }

    /// "2 articles could not be read fully" (`nil` when all could): dropped, or cut to the size
    /// limits of `ArticleDecoder`.
    public var unreadableMessage: String? {
        switch unreadableCount {
        case 0: nil
        case 1: "1 article could not be read fully"
        case let n: "\(n) articles could not be read fully"
        }
    }

    /// How long a sync runs before the header shows its progress: a quick one just says
    /// "syncing…" and is done before anyone could read more.
    public static let progressDelay: Duration = .milliseconds(200)

    /// The same state, with `progress` hidden while the sync has run for less than
    /// `progressDelay` (`elapsed`).
    public func showingProgress(after elapsed: Duration) -> ArticlesState {
        guard progress != nil, elapsed < Self.progressDelay else { return self }
        var shown = self
        shown.progress = nil
        return shown
    }

    /// "18 MB of 61", "18 MB" (no size given), in decimal megabytes as people read a download.
    static func transferText(_ progress: SyncProgress) -> String? {
        guard case .receiving(let bytes, let total) = progress else { return nil }
        let received = "\(bytes / 1_000_000) MB"
        guard let total, total >= bytes else { return received }
        return received + " of \((total + 500_000) / 1_000_000)"
    }

    /// 100000 → "100,000".
    static func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return number < 0 ? "-" + digits : digits
    }

    private func retryText(_ retry: Int) -> String {
        policy.maxRetries.map { "retry \(retry) of \($0)" } ?? "retry \(retry)"
    }

    /// What would help after `error`: trying again, unless the server refused the request
    /// itself (a 4xx: the address is wrong, trying again gets the same answer — or, `injected`
    /// by the mock backend's scenario, the fault panel changes it).
    static func advice(for error: APIError, injected: Bool = false) -> String {
        if let status = error.status, (400...499).contains(status) {
            return injected
                ? "Injected by the scenario: f changes it, r retries."
                : "Check the articles address (--articles-url, --server), then press r."
        }
        return Wording.retryHint + "."
    }

    /// An error's message with a lower-case start, to follow "Sync failed: ".
    static func describe(_ error: APIError) -> String {
        let message = error.message
        guard let first = message.first else { return message }
        return first.lowercased() + message.dropFirst()
    }
}
