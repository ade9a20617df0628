import Core
#if canImport(Glibc)
import Glibc
#endif
/// The one thread that owns the terminal. It sleeps in `poll()` on the terminal's input and a
/// wake pipe, with a timeout equal to the next timer's deadline (none when no timer is
/// pending: idle costs nothing). On waking it handles every key, posted message and due timer,
/// then renders once if anything happened.
///
/// Ctrl-C quits everywhere; Ctrl-Z and SIGTSTP suspend (the terminal given back, the process
/// stopped, the screen drawn again when it continues). Below `minimumSize` the app is not drawn:
/// the loop shows "Terminal too small: need 60x20, have WxH" and how to quit until the terminal
/// grows. Keys still reach the app and follow its rules (`q` typed in a field, the question
/// before unsaved changes are dropped); clicks don't, as nothing of the app is on screen.
/// SIGTERM, SIGHUP and SIGINT end the loop; the terminal is restored whichever way it ends.
public final class EventLoop<App: TerminalApp> {
    public struct Configuration: Sendable {
        public var minimumSize: Size
        /// Keys that quit at once while the terminal is too small, before the app sees them
        /// (Ctrl-C always quits); every other key but a click reaches the app.
        public var quitKeysWhenTooSmall: Set<Key>
        /// Install the SIGTERM/SIGHUP/SIGINT handlers for the duration of `run()`.
        public var handlesSignals: Bool
        /// A paste or mouse report that has had no input for this long is ended as if its end had
        /// come (a stray paste start must not swallow every key after it). A terminal sends a
        /// paste in one burst; a person needs longer than this to notice that keys do nothing.
        public var inputSequenceTimeout: Duration

        public init(
            minimumSize: Size = Size(width: 60, height: 20), quitKeysWhenTooSmall: Set<Key> = [],
            handlesSignals: Bool = true, inputSequenceTimeout: Duration = .seconds(1)
        ) {
            self.minimumSize = minimumSize
            self.quitKeysWhenTooSmall = quitKeysWhenTooSmall
            self.handlesSignals = handlesSignals
            self.inputSequenceTimeout = inputSequenceTimeout
        }
    }

    public let app: App
    public let terminal: any Terminal
    public let configuration: Configuration
    /// The context handed to the app (timers, poster, quit).
    public let context: RunContext<App.Message>
    private let poller: any Poller
    private let mailbox: Mailbox<App.Message>
    private let time: TimeSource
    private var exit: EventLoopExit?
    private var needsRender = true
    private var started = false
    private var signalsInstalled = false
    /// When an input sequence left open is ended (`Configuration.inputSequenceTimeout` after its
    /// last input); nil when none is open.
    private var sequenceDeadline: Duration?
    /// The last frame, while the app's work after it waits (`worksAfterEachFrame`), and until
    /// when it may wait.
    private var presentedLater: (canvas: Canvas, cursor: Point?, deadline: Duration)?
    /// The app's `worksAfterEachFrame`, asked once.
    private lazy var worksAfterEachFrame = app.worksAfterEachFrame
    /// How long an app's work after a frame waits, the loop asleep. Done at once, it kept the
    /// processor busy just as the kernel and the terminal were to take the frame's bytes on:
    /// whatever reads them was woken elsewhere, or waited for the work (Docs/performance.md,
    /// "The eighth round"). Anything that wakes the loop sooner has it done first, so what the
    /// app does after a frame is still done before the next key or message.
    public static var afterFrameDelay: Duration { .milliseconds(1) }
    /// What `step` waits on: the terminal's input and the mailbox's wake pipe, made once rather
    /// than at every wait.
    private var waitDescriptors: [Int32] = []
    /// Turns in a row on which the input was readable yet had ended (see `step`).
    private var emptyReadableTurns = 0
    /// The frame last drawn, and the one before it, whose memory the next frame is drawn in
    /// (`renderIfNeeded`).
    private var lastFrame = Canvas(size: .zero)
    private var recycledFrame = Canvas(size: .zero)
    /// Frames rendered so far.
    public private(set) var renderCount = 0

    public init(
        app: App, terminal: any Terminal, configuration: Configuration = Configuration(),
        poller: any Poller = SystemPoller(), time: TimeSource
    ) throws {
        self.app = app
        self.terminal = terminal
        self.configuration = configuration
        self.poller = poller
        self.time = time
        self.mailbox = try Mailbox()
        self.context = RunContext(poster: Poster(mailbox: mailbox), terminalSize: terminal.size, time: time)
    }

    /// Where background work posts messages.
    public var poster: Poster<App.Message> { context.poster }

    /// Whether the terminal is below `minimumSize`.
    public var isTooSmall: Bool { !terminal.size.contains(configuration.minimumSize) }

    /// Runs until the app quits, Ctrl-C, a terminating signal or a closed terminal; the terminal
    /// is restored before this returns. Throws when the terminal cannot start.
    public func run() throws -> EventLoopExit {
        try start()
        defer { stop() }
        while true {
            if let exit = step() { return exit }
        }
    }

    /// Starts the terminal (and signal handlers), lets the app start, draws the first frame.
    /// `run()` calls it; tests and embedders may drive `start`/`step`/`stop` themselves.
    public func start() throws {
        guard !started else { return }
        try terminal.start()
        started = true
        if configuration.handlesSignals {
            SignalHub.installWake(descriptor: mailbox.writeDescriptor)
            signalsInstalled = true
        }
        context.terminalSize = terminal.size
        context.stamp()
        app.start(context)
        if context.isQuitting { exit = .quit }
        renderIfNeeded()
    }

    /// One turn: wait (until input, a post, a signal or the next deadline), handle everything
    /// available, render if anything changed. Returns why the loop ends, or nil to go on.
    public func step() -> EventLoopExit? {
        if let exit { return exit }
        if waitDescriptors.first != terminal.inputDescriptor { waitDescriptors = [terminal.inputDescriptor, mailbox.readDescriptor] }
        let result = poller.wait(for: waitDescriptors, timeout: pollTimeout)
        presentLaterFrame()
        // Only when it woke the loop (or poll says nothing: a timeout, a signal): each read is a
        // system call before a key's frame (Docs/performance.md, "A key press").
        if result.readable.isEmpty || result.readable.contains(mailbox.readDescriptor) { mailbox.drainWakeups() }
        if signalsInstalled, let signal = SignalHub.takePendingSignal() {
            switch signal {
            case SIGTSTP: suspendProcess()
            case SIGCONT: takeTerminalBack()  // stopped by something it could not see (SIGSTOP)
            default:
                exit = .signal(signal)
                return exit
            }
        }
        let inputArrived = terminal.inputDescriptor >= 0 && result.readable.contains(terminal.inputDescriptor)
        if let deadline = sequenceDeadline, !inputArrived, time.elapsed >= deadline {
            sequenceDeadline = nil
            for key in terminal.endInputSequence() {
                context.stamp()
                handle(key)
                if exit != nil { return exit }
            }
        }
        terminal.timePassed(time.elapsed)
        for key in terminal.readKeys(inputIsReadable: inputArrived) {
            context.stamp()
            handle(key)
            if exit != nil { return exit }
        }
        if !terminal.isInsideInputSequence {
            sequenceDeadline = nil
        } else if sequenceDeadline == nil || inputArrived {
            sequenceDeadline = time.elapsed + configuration.inputSequenceTimeout
        }
        if terminal.inputDescriptor >= 0, result.hungUp.contains(terminal.inputDescriptor) {
            exit = .inputClosed
            return exit
        }
        // Readable with nothing to read is end of file: without a hang-up to say so (a file or
        // /dev/null for input) the loop would wake at once for ever. Twice in a row, so that
        // bytes another reader of the same terminal took first are not mistaken for it.
        emptyReadableTurns = inputArrived && terminal.inputHasEnded ? emptyReadableTurns + 1 : 0
        if emptyReadableTurns >= 2 {
            exit = .inputClosed
            return exit
        }
        if !mailbox.isEmpty {
            for message in mailbox.takeAll() {
                context.stamp()
                deliver(message)
                if exit != nil { return exit }
            }
        }
        context.stamp()
        if let due = context.nextTimerDeadline, due <= context.now {
            for timer in context.timers.popDue(at: context.now) {
                deliver(timer.message)
                if exit != nil { return exit }
            }
        }
        renderIfNeeded()
        return nil
    }

    /// Restores the terminal and the signal handlers. Idempotent.
    public func stop() {
        presentLaterFrame()
        if signalsInstalled {
            SignalHub.removeWake()
            signalsInstalled = false
        }
        if started {
            terminal.stop()
            started = false
        }
    }

    /// How long the next `poll` may sleep: until the earliest timer or the end of an input
    /// sequence left open, or forever (nil).
    public var pollTimeout: Duration? {
        var next = switch (context.nextTimerDeadline, sequenceDeadline) {
        case (let timer?, let sequence?): min(timer, sequence)
        case (let deadline?, nil), (nil, let deadline?): deadline
        case (nil, nil): Duration?.none
        }
        if let later = presentedLater?.deadline { next = min(next ?? later, later) }
        return next.map { max(.zero, $0 - time.elapsed) }
    }

    private func handle(_ key: Key) {
        if key == .ctrl("c") { exit = .quit; return }
        // Raw mode turns Ctrl-Z into a key; it suspends as in other full-screen programs.
        if key == .ctrl("z") && signalsInstalled {
            suspendProcess()
            return
        }
        // Ctrl-L redraws, as in htop and vim: the same frame, every cell sent again, on every
        // screen (the too-small one too). The app never sees it, so a recording is unchanged.
        if key == .ctrl("l") {
            terminal.redraw()
            return
        }
        if key == .resize {
            context.terminalSize = terminal.size
            needsRender = true
            // Told even when too small to draw: keys still reach the app, which lays out at
            // this size meanwhile, and a recording must hold the size they were handled at.
            app.handle(key, context)
            checkQuit()
            return
        }
        if isTooSmall {
            if configuration.quitKeysWhenTooSmall.contains(key) { exit = .quit; return }
            // Nothing of the app is on screen to click on.
            if case .mouse = key { return }
        }
        app.handle(key, context)
        needsRender = true
        checkQuit()
    }

    /// SIGTSTP or Ctrl-Z: the terminal is given back as for an exit, the process stops; once
    /// continued (`fg`, SIGCONT) the terminal is taken back and drawn whole (Docs/security.md).
    private func suspendProcess() {
        terminal.suspend()
        SignalHub.stopProcess()
        takeTerminalBack()
    }

    private func takeTerminalBack() {
        terminal.resume()
        context.terminalSize = terminal.size
        needsRender = true
    }

    private func deliver(_ message: App.Message) {
        app.handle(message, context)
        needsRender = true
        checkQuit()
    }

    private func checkQuit() {
        if context.isQuitting { exit = .quit }
    }

    /// Room for a frame's clickable regions, made at once: a screen with its key bar has a few
    /// dozen.
    private static var hitRegionsAFrame: Int { 32 }

    /// The app's work after the last frame, if it still waits.
    private func presentLaterFrame() {
        guard let later = presentedLater else { return }
        presentedLater = nil
        app.presented(later.canvas, cursor: later.cursor)
    }

    private func renderIfNeeded() {
        guard needsRender, exit == nil else { return }
        needsRender = false
        context.stamp()
        // Drawn in the memory of the frame before last, which only this loop still holds (the
        // terminal keeps the last one, to compare): blanked there, not allocated and freed at
        // every key. Anything else still holding it makes `clear` copy, as a value does.
        var canvas = Canvas(size: .zero)
        swap(&canvas, &recycledFrame)
        canvas.clear(to: terminal.size)
        canvas.reserveHitRegions(Self.hitRegionsAFrame)
        var cursor: Point?
        if isTooSmall {
            TooSmallScreen(minimum: configuration.minimumSize).draw(in: canvas.bounds, on: &canvas)
        } else {
            cursor = app.render(into: &canvas)
        }
        terminal.present(canvas, cursor: cursor)
        renderCount += 1
        if !isTooSmall {
            if worksAfterEachFrame {
                presentedLater = (canvas, cursor, time.elapsed + Self.afterFrameDelay)
            } else {
                app.presented(canvas, cursor: cursor)
            }
        }
        recycledFrame = lastFrame
        lastFrame = canvas
    }
}
