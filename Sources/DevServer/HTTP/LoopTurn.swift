/// What one event loop did in one turn, told to the environment's `turnObserver` at the end of
/// the turn (after I/O, timers and posted work). Tests step a manual loop clock by it — until
/// every loop has had a turn with nothing ready, then to the next deadline (Docs/testing.md,
/// "The server on a manual clock"); the server itself never looks.
public struct LoopTurn: Sendable, Equatable {
    /// Which loop (0 ..< the loop count).
    public var loop: Int
    /// Readiness reports it handled, the waker's aside: 0 when nothing was waiting.
    public var events: Int
    /// The earliest entry of its timer heap, loop-clock nanoseconds (entries may be stale, so
    /// nothing need happen then).
    public var nextDeadline: UInt64?
    /// The loop has stopped: this was its last report.
    public var finished: Bool
}
