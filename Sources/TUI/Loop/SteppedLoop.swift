import Core

/// Runs a `TerminalApp` without a terminal, a poll or a timer of its own: its owner hands it
/// each key, message and frame with the time it happened, as `EventLoop` would have stamped it.
/// A replay is this (Docs/recording.md): the recording says what came and when, the app does
/// the rest. Timers the app schedules are kept but never fire by themselves; the recording says
/// when a timer's message came, like any other.
public final class SteppedLoop<App: TerminalApp> {
    public let app: App
    public let context: RunContext<App.Message>
    private let clock: SteppedClock
    private var started = false

    /// `clock` must be the one `time` follows: moving it is how the loop sets the time.
    public init(app: App, size: Size, clock: SteppedClock, time: TimeSource) throws {
        self.app = app
        self.clock = clock
        self.context = RunContext(poster: Poster(mailbox: try Mailbox()), terminalSize: size, time: time)
    }

    public var terminalSize: Size { context.terminalSize }
    public var isQuitting: Bool { context.isQuitting }

    /// What `EventLoop.start` does: the app starts at `time`.
    public func start(at time: Duration) {
        guard !started else { return }
        started = true
        stamp(time)
        app.start(context)
    }

    /// A key as the event loop hands it on (a resize with the terminal's new size).
    public func handle(_ key: Key, at time: Duration) {
        stamp(time)
        app.handle(key, context)
    }

    public func resize(to size: Size, at time: Duration) {
        context.terminalSize = size
        handle(.resize, at: time)
    }

    /// The terminal's size changes without the app being told (as when the process was
    /// suspended and the terminal resized meanwhile: the loop draws at the new size).
    public func setSize(_ size: Size) { context.terminalSize = size }

    public func handle(_ message: App.Message, at time: Duration) {
        stamp(time)
        app.handle(message, context)
    }

    /// The frame the app draws at `time`, on a canvas of the terminal's size.
    public func render(at time: Duration) -> (canvas: Canvas, cursor: Point?) {
        stamp(time)
        var canvas = Canvas(size: context.terminalSize)
        let cursor = app.render(into: &canvas)
        return (canvas, cursor)
    }

    /// Messages posted through the context (`RunContext.post`) since the last call: a replay
    /// drops them, as the recording already holds what the loop handled.
    public func discardPosted() -> Int {
        context.poster.mailbox.drainWakeups()
        return context.poster.mailbox.takeAll().count
    }

    private func stamp(_ time: Duration) {
        clock.move(to: time)
        context.stamp()
    }
}
