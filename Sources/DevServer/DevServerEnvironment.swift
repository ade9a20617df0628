import Foundation

/// The server's dependencies on the world, replaceable in tests.
public struct DevServerEnvironment: Sendable {
    /// Blocks the calling connection thread for that many seconds (never a cooperative-pool
    /// thread: handlers run on the connection's own thread).
    public var sleep: @Sendable (Double) -> Void
    /// Wall-clock time: token expiry and log timestamps.
    public var now: @Sendable () -> Date
    /// One line of the request log (without the newline).
    public var log: @Sendable (String) -> Void

    public init(sleep: @escaping @Sendable (Double) -> Void, now: @escaping @Sendable () -> Date, log: @escaping @Sendable (String) -> Void) {
        self.sleep = sleep
        self.now = now
        self.log = log
    }

    public static let live = DevServerEnvironment(
        sleep: { seconds in if seconds > 0 { Thread.sleep(forTimeInterval: seconds) } },
        now: { Date() },
        // `write(contentsOf:)` throws where `write(_:)` would trap, e.g. on a closed pipe.
        log: { line in try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8)) }
    )
}
