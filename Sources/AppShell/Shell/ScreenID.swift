/// One screen on the shell's stack, minted by `ShellState` when the screen is pushed: the
/// launcher is 0, then each screen in the order it was opened. It addresses the screen's answers
/// (`ShellMessage.event`) and, as that number, its lines in a recording (Docs/recording.md). A
/// challenge left and opened again is a new screen with a new id, so events its old effects had
/// already posted (queued before they were cancelled) are not taken for the new screen's own.
public struct ScreenID: Hashable, Sendable, CustomStringConvertible {
    /// Its place in the order screens were opened (how a recording writes it).
    public let number: Int

    package init(number: Int) { self.number = number }

    /// An id no screen has: what it addresses is stale (a replay's stale answer).
    public init() { number = -1 }

    public var description: String { "screen \(number)" }
}
