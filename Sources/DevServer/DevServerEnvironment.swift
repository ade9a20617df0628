import Foundation

/// The server's dependencies on the world, replaceable in tests.
public struct DevServerEnvironment: Sendable {
    /// The event loops' clock: delays and deadlines. Tests pass one they move by hand.
    public var clock: any LoopClock
    /// Wall-clock time: token expiry and log timestamps.
    public var now: @Sendable () -> Date
    /// One line of the request log (without the newline).
    public var log: @Sendable (String) -> Void
    /// Writes out lines `log` buffered; the loops call it at most every 10 ms while lines wait.
    public var flushLog: @Sendable () -> Void
    /// The server's own problems (a failed system call, a cap reached), each kind once.
    public var diagnostics: @Sendable (String) -> Void
    /// Told what every event-loop turn did; tests drive a manual `clock` by it (nil: nobody).
    public var turnObserver: (@Sendable (LoopTurn) -> Void)?

    public init(clock: any LoopClock = MonotonicLoopClock(), now: @escaping @Sendable () -> Date,
                log: @escaping @Sendable (String) -> Void, flushLog: @escaping @Sendable () -> Void = {},
                diagnostics: (@Sendable (String) -> Void)? = nil, turnObserver: (@Sendable (LoopTurn) -> Void)? = nil) {
        self.clock = clock
        self.now = now
        self.log = log
        self.flushLog = flushLog
        self.diagnostics = diagnostics ?? { StandardStreams.writeError($0) }
        self.turnObserver = turnObserver
    }

    private static let standardOutput = StandardOutputLog()

    public static let live = DevServerEnvironment(
        now: { Date() },
        log: { standardOutput.append($0) },
        flushLog: { standardOutput.flush() }
    )
}
