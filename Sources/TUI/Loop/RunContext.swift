import Core
/// What the app can ask of the event loop from its handlers: the time, timers, a poster for
/// background work, quitting.
public final class RunContext<Message: Sendable> {
    /// Hand this to background work; it can post from any thread.
    public let poster: Poster<Message>
    /// The terminal's current size.
    public internal(set) var terminalSize: Size
    public private(set) var isQuitting = false
    var timers = TimerQueue<Message>() {
        didSet { nextTimerDeadline = timers.nextDeadline }
    }
    /// The earliest timer's deadline, kept as timers change: the loop asks it at every turn, and
    /// asking the generic queue looked its type up in the runtime's metadata caches each time
    /// (Docs/performance.md, "The fifth round").
    private(set) var nextTimerDeadline: Duration?
    private let time: TimeSource
    /// When the loop took the event being handled (or the frame being drawn): every change one
    /// event makes, and the timers it schedules, carry this one time (Docs/architecture.md, "Time").
    public private(set) var timestamp: Timestamp

    init(poster: Poster<Message>, terminalSize: Size, time: TimeSource) {
        self.poster = poster
        self.terminalSize = terminalSize
        self.time = time
        self.timestamp = time.now
    }

    /// The loop's stamp of this event, as time since it started on the app's one time source
    /// (a manual clock in tests). Timers and toasts are measured on it.
    public var now: Duration { timestamp.elapsed }

    /// Reads the time source for the next event or frame.
    func stamp() { timestamp = time.now }

    /// Delivers `message` to `handle(_:_:)` after `delay`. An existing timer with the same id
    /// is replaced.
    public func schedule(_ id: String, after delay: Duration, _ message: Message) {
        timers.schedule(id, at: now + delay, message)
    }

    public func schedule(_ id: String, at deadline: Duration, _ message: Message) {
        timers.schedule(id, at: deadline, message)
    }

    public func cancel(_ id: String) { timers.cancel(id) }

    /// Queues a message for the next loop turn (same as `poster.post`).
    public func post(_ message: Message) { poster.post(message) }

    /// Ends the loop once the current event is handled.
    public func quit() { isQuitting = true }
}
