/// A duration in the units people read: one place for the arithmetic on `components`, so every
/// screen rounds the same way.
extension Duration {
    /// The duration in seconds as a `Double` (how configuration files write durations).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Whole milliseconds, to the nearest ("took 830 ms").
    public var inMilliseconds: Int {
        Int((inSeconds * 1000).rounded())
    }

    /// Whole seconds, rounded up: what a countdown shows ("in 3 s", "in 2 s", "in 1 s"), so it
    /// reaches 0 only when the time is up.
    public var secondsRoundedUp: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
