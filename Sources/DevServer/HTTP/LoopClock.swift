import Core

/// The event loops' time: monotonic nanoseconds, and how long a loop may block waiting for
/// its next deadline. Injected so tests move time by hand and every deadline and delay is
/// tested in microseconds (see Docs/server.md, "Testing").
public protocol LoopClock: Sendable {
    /// Nanoseconds since an arbitrary origin; never goes backwards.
    func now() -> UInt64
    /// How many milliseconds a loop may block, at `now` (what `now()` said this turn), to be
    /// awake at `deadline` (nil: no deadline); -1 blocks until the loop is woken.
    func waitMilliseconds(from now: UInt64, until deadline: UInt64?) -> Int32
    /// Each loop hands over how to wake it, once, when it starts; a clock moved by hand calls
    /// these after every move. A clock that moves by itself ignores them.
    func register(wake: @escaping @Sendable () -> Void)
}

/// The loops' time read from the one time source (Docs/architecture.md, "Time"): nanoseconds
/// since its origin. With `TimeSource.system` it moves by itself.
public struct TimeSourceLoopClock: LoopClock {
    public let time: TimeSource

    public init(_ time: TimeSource) {
        self.time = time
    }

    public func now() -> UInt64 {
        let (seconds, attoseconds) = time.elapsed.components
        return UInt64(max(0, seconds)) &* 1_000_000_000 &+ UInt64(max(0, attoseconds) / 1_000_000_000)
    }

    public func waitMilliseconds(from now: UInt64, until deadline: UInt64?) -> Int32 {
        guard let deadline else { return -1 }
        return Self.milliseconds(from: now, to: deadline)
    }

    public func register(wake: @escaping @Sendable () -> Void) {}

    /// Rounded up, so a loop never wakes just before its deadline and spins; 0 once it has
    /// passed; at most Int32.max.
    static func milliseconds(from now: UInt64, to deadline: UInt64) -> Int32 {
        guard deadline > now else { return 0 }
        let left = deadline - now
        return Int32(clamping: left / 1_000_000 + (left % 1_000_000 == 0 ? 0 : 1))
    }
}

/// Seconds (as configured) to the clock's nanoseconds.
enum Nanoseconds {
    static func from(seconds: Double) -> UInt64 {
        guard seconds > 0 else { return 0 }
        return UInt64(min(seconds, 1e9) * 1e9)
    }

    static func seconds(_ nanoseconds: UInt64) -> Double {
        Double(nanoseconds) / 1e9
    }
}
