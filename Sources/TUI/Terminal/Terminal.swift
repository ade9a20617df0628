/// A screen the event loop draws on and reads keys from. Owned and used by one thread.
public protocol Terminal: AnyObject {
    /// The current size in cells (follows resizes).
    var size: Size { get }
    /// The descriptor the event loop polls for input; negative when there is none (headless).
    var inputDescriptor: Int32 { get }
    /// Takes over the terminal. Throws when it cannot (no terminal, unknown `TERM`).
    func start() throws
    /// Gives the terminal back as it was. Idempotent.
    func stop()
    /// Shows `canvas`, with the text cursor at `cursor` (hidden when nil).
    func present(_ canvas: Canvas, cursor: Point?)
    /// All keys available now, without blocking (empty when none).
    func readKeys() -> [Key]
    /// The same, told whether a wait has just said the input is readable: a terminal that asks
    /// before each read need not ask before the first.
    func readKeys(inputIsReadable: Bool) -> [Key]
    /// Whether the input read so far stops inside a sequence (a paste or mouse report that has
    /// begun and not ended).
    var isInsideInputSequence: Bool { get }
    /// Ends that sequence as if its end had come and returns what it gathered (a paste's text so
    /// far): the event loop calls it when the sequence has had no input for a moment.
    func endInputSequence() -> [Key]
    /// Whether the input has ended for good (end of file: the terminal went away, or it was
    /// never one). Asked only when a wait said the input was readable: true when the last
    /// `readKeys` took nothing from it and nothing is waiting to be read.
    var inputHasEnded: Bool { get }
    /// Gives the terminal back as `stop` does (mouse, paste mode, alternate screen, modes), to be
    /// taken back by `resume`: before the process stops (SIGTSTP, Ctrl-Z).
    func suspend()
    /// The loop's time, before each read: for the terminal's own time limits (how long an
    /// answer to a query is awaited), which read no clock of their own.
    func timePassed(_ now: Duration)
    /// Draws the last frame afresh, every cell, over whatever is on the terminal now (Ctrl-L:
    /// text another program wrote over the screen is wiped). The app is not asked to draw.
    func redraw()
    /// Takes the terminal back after `suspend` (or after a stop it could not see, SIGCONT) and
    /// repaints the whole screen on the next `present`; the size may have changed meanwhile.
    func resume()
}

extension Terminal {
    /// A terminal that hands over whole keys (headless) never stops inside a sequence.
    public var isInsideInputSequence: Bool { false }
    /// A terminal without a descriptor of its own (headless) never runs dry.
    public var inputHasEnded: Bool { false }
    public func endInputSequence() -> [Key] { [] }
    public func readKeys(inputIsReadable: Bool) -> [Key] { readKeys() }
    public func suspend() {}
    public func redraw() {}
    public func timePassed(_ now: Duration) {}
    public func resume() {}
}

public enum TerminalError: Error, Equatable, CustomStringConvertible {
    case cannotStart(String)

    public var description: String {
        switch self {
        case .cannotStart(let reason): "cannot start the terminal: \(reason)"
        }
    }
}
