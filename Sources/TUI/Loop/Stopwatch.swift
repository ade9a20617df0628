/// Time since a start, on any clock whose durations are `Duration`: the event loop reads its
/// injected clock through it (`ContinuousClock` in the app, a manual clock in tests), so loop
/// timers and the domain's waits run on one clock.
public struct Stopwatch: Sendable {
    private let read: @Sendable () -> Duration

    /// Starts now on `clock`.
    public init(_ clock: any Clock<Duration>) {
        read = Self.start(clock)
    }

    /// The time since the stopwatch started.
    public var elapsed: Duration { read() }

    /// Opens the existential clock once to remember its start instant.
    private static func start<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
