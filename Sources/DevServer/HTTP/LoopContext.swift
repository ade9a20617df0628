/// What every event loop of one server shares: read-only settings and the thread-safe parts
/// (connection counts, error reporting, the routes).
struct LoopContext: Sendable {
    var limits: HTTPLimits
    var timeouts: ServerTimeouts
    var handler: HTTPServer.Handler
    var logger: HTTPServer.RequestLogger
    /// Writes out buffered log lines; called at most every `logFlushInterval`.
    var flushLog: @Sendable () -> Void
    var limiter: ConnectionLimiter
    var reporter: ErrorReporter
    var calls: SystemCalls
    var clock: any LoopClock
    /// Listening on loopback: a `Host` that names another machine gets 421.
    var loopbackOnly: Bool
    /// Told what each turn did (tests; nil in the executable).
    var turnObserver: (@Sendable (LoopTurn) -> Void)?

    /// Log lines wait at most this long before they are written: one write per batch, not one
    /// per request.
    static let logFlushInterval: UInt64 = 10_000_000
    /// Accepting pauses this long after a failed accept that isn't about a full descriptor table.
    static let acceptPause: UInt64 = 100_000_000
}
