#if canImport(Glibc)
import Glibc
#endif
/// An app driven by `EventLoop`, in the manner of Bubble Tea / Elm: the loop hands it keys and
/// messages (from background work or timers), and asks it to draw after every change. All calls
/// come on the loop's thread.
public protocol TerminalApp: AnyObject {
    associatedtype Message: Sendable

    /// Called once, before the first frame: start work, schedule timers.
    func start(_ context: RunContext<Message>)
    /// A key, while the terminal is big enough (Ctrl-C never arrives: it quits the loop).
    func handle(_ key: Key, _ context: RunContext<Message>)
    /// A message posted through `context.poster`, or a timer's message when it fires.
    func handle(_ message: Message, _ context: RunContext<Message>)
    /// Draws everything onto `canvas` (sized to the terminal); returns where the text cursor
    /// goes, or nil to hide it.
    func render(into canvas: inout Canvas) -> Point?
    /// The frame `render` drew is on the terminal: work that must not delay it (a recording's
    /// digest of the frame, Docs/recording.md) goes here.
    func presented(_ canvas: Canvas, cursor: Point?)
    /// Whether `presented` has work of its own. The loop then calls it once the frame has had a
    /// moment to reach the terminal (`EventLoop.afterFrameDelay`, or sooner when anything
    /// wakes the loop), with the processor left free meanwhile.
    var worksAfterEachFrame: Bool { get }
}

extension TerminalApp {
    public func start(_ context: RunContext<Message>) {}
    public func presented(_ canvas: Canvas, cursor: Point?) {}
    public var worksAfterEachFrame: Bool { false }
}

/// Why the event loop ended.
public enum EventLoopExit: Hashable, Sendable, CustomStringConvertible {
    /// The app called `quit()`, or the user pressed Ctrl-C (or `q` on the too-small screen).
    case quit
    /// SIGTERM, SIGHUP or SIGINT arrived.
    case signal(Int32)
    /// The terminal's input was closed (the terminal went away).
    case inputClosed

    /// The process exit status to use: 0, 128 + the signal number, or 1.
    public var exitStatus: Int32 {
        switch self {
        case .quit: 0
        case .signal(let n): 128 + n
        case .inputClosed: 1
        }
    }

    /// For the log: "quit", "SIGTERM", "the terminal's input closed".
    public var description: String {
        switch self {
        case .quit: "quit"
        case .signal(let number): Self.signalNames[number] ?? "signal \(number)"
        case .inputClosed: "the terminal's input closed"
        }
    }

    private static let signalNames: [Int32: String] = [SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGINT: "SIGINT"]
}
