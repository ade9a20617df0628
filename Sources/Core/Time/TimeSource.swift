import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The one source of time for the app, its runtimes, logger and store, and the server: a clock
/// to wait on and to measure with, and the wall time people read, both counted from one origin.
/// Only this type reads the system's clocks (a test greps the sources for any other reading);
/// everything else is handed a `TimeSource`, so tests drive all of it with one manual clock.
/// See Docs/architecture.md ("Time").
public struct TimeSource: Sendable {
    /// The clock waits run on: effects' delays, retries' backoff, the loop's timers.
    public let clock: any Clock<Duration>
    /// The wall time at the origin; later wall times are the origin plus the elapsed time, so a
    /// wall-clock jump (NTP, a user's `date -s`) never makes a stamp go backwards.
    public let wallAtOrigin: Date
    /// The time since the origin, with the same in seconds for wall times (the system source
    /// makes both from its nanoseconds; a `Duration`'s seconds as a `Double` cost a 128-bit
    /// division or conversion, and every stamp of the loop makes a wall time).
    private let read: @Sendable () -> (elapsed: Duration, seconds: Double)

    /// Time on `clock` from now on, with `wallAtOrigin` as the wall time of this moment.
    public init(following clock: any Clock<Duration>, wallAtOrigin: Date) {
        self.init(following: clock, wallAtOrigin: wallAtOrigin, read: Self.start(clock))
    }

    private init(
        following clock: any Clock<Duration>, wallAtOrigin: Date, read: @escaping @Sendable () -> (elapsed: Duration, seconds: Double)
    ) {
        self.clock = clock
        self.wallAtOrigin = wallAtOrigin
        self.read = read
    }

    /// The machine's monotonic clock and its wall clock: what the executables run on.
    public static var system: TimeSource {
        TimeSource(following: ContinuousClock(), wallAtOrigin: Date(), read: continuousClockReader())
    }

    /// The time since the origin on the monotonic clock.
    public var elapsed: Duration { read().elapsed }

    /// Both readings of this moment.
    public var now: Timestamp {
        let reading = read()
        return Timestamp(elapsed: reading.elapsed, wall: wallAtOrigin.addingTimeInterval(reading.seconds))
    }

    /// The wall time of this moment.
    public var wallNow: Date { wallAtOrigin.addingTimeInterval(read().seconds) }

    /// The wall time at `elapsed` since the origin.
    public func wall(at elapsed: Duration) -> Date {
        wallAtOrigin.addingTimeInterval(elapsed.inSeconds)
    }

    /// Waits `duration` on the clock (cancellable).
    public func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration, tolerance: nil)
    }

    /// `ContinuousClock`'s own clock (CLOCK_BOOTTIME on Linux) read directly: the loop reads the
    /// time a few times a key press, and through the generic clock each reading ran the
    /// concurrency library's witnesses and 128-bit arithmetic, code a key press touched nowhere
    /// else (Docs/performance.md, "The sixth round").
    static func continuousClockReader() -> @Sendable () -> (elapsed: Duration, seconds: Double) {
        #if canImport(Glibc)
        var origin = timespec()
        clock_gettime(CLOCK_BOOTTIME, &origin)
        return { [origin] in
            var now = timespec()
            clock_gettime(CLOCK_BOOTTIME, &now)
            let nanoseconds = Int64(now.tv_sec - origin.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec - origin.tv_nsec)
            return (.nanoseconds(nanoseconds), Double(nanoseconds) / 1e9)
        }
        #else
        return start(ContinuousClock())
        #endif
    }

    /// Opens the existential clock once to remember its start instant.
    private static func start<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> (elapsed: Duration, seconds: Double) {
        let start = clock.now
        return {
            let elapsed = start.duration(to: clock.now)
            return (elapsed, elapsed.inSeconds)
        }
    }
}
