/// What the app can ask of the event loop from its handlers: the time, timers, a poster for
/// background work, quitting.
public final class RunContext<Message: Sendable> {
    /// Hand this to background work; it can post from any thread.
    public let poster: Poster<Message>
    /// The terminal's current size.
    public internal(set) var terminalSize: Size
    public private(set) var isQuitting = false
    var timers = TimerQueue<Message>()
    private let stopwatch: Stopwatch

    init(poster: Poster<Message>, terminalSize: Size, stopwatch: Stopwatch) {
        self.poster = poster
        self.terminalSize = terminalSize
        self.stopwatch = stopwatch
    }

    /// The time since the loop started, on its clock (the app's injected clock: a manual one in
    /// tests). Timers and toasts are measured on it.
    public var now: Duration { stopwatch.elapsed }

    /// Delivers `message` to `handle(_:_:)` after `delay`. An existing timer with the same id
    /// is replaced.
    public func schedule(_ id: String, after delay: Duration, _ message: Message) {
        timers.schedule(id, at: now + delay, message)
    }

    public func schedule(_ id: String, at deadline: Duration, _ message: Message) {
        timers.schedule(id, at: deadline, message)
    }

    public func cancel(_ id: String) { timers.cancel(id) }

    public func isScheduled(_ id: String) -> Bool { timers.contains(id) }

    /// Ids of pending timers, earliest first.
    public var scheduledTimers: [String] { timers.ids }

    /// Queues a message for the next loop turn (same as `poster.post`).
    public func post(_ message: Message) { poster.post(message) }

    /// Ends the loop once the current event is handled.
    public func quit() { isQuitting = true }
}
