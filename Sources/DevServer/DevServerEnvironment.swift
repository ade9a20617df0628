import Core
import Foundation

/// The server's dependencies on the world, replaceable in tests.
public struct DevServerEnvironment: Sendable {
    /// The one time source: wall time for token expiry and log timestamps, and (unless `clock`
    /// says otherwise) the event loops' time.
    public var time: TimeSource
    /// The event loops' clock: delays and deadlines. Tests pass one they move by hand.
    public var clock: any LoopClock
    /// Wall-clock time, from `time`.
    public var now: @Sendable () -> Date {
        let time = time
        return { time.wallNow }
    }
    /// One line of the request log (without the newline).
    public var log: @Sendable (String) -> Void
    /// Writes out lines `log` buffered; the loops call it at most every 10 ms while lines wait.
    public var flushLog: @Sendable () -> Void
    /// The server's own problems (a failed system call, a cap reached), each kind once.
    public var diagnostics: @Sendable (String) -> Void

    public init(time: TimeSource, clock: (any LoopClock)? = nil,
                log: @escaping @Sendable (String) -> Void, flushLog: @escaping @Sendable () -> Void = {},
                diagnostics: (@Sendable (String) -> Void)? = nil) {
        self.time = time
        self.clock = clock ?? TimeSourceLoopClock(time)
        self.log = log
        self.flushLog = flushLog
        self.diagnostics = diagnostics ?? { StandardStreams.writeError($0) }
    }

    private static let standardOutput = StandardOutputLog()

    /// The real world, its time starting now.
    public static var live: DevServerEnvironment {
        DevServerEnvironment(
            time: .system,
            log: { standardOutput.append($0) },
            flushLog: { standardOutput.flush() })
    }
}
