import TUI

/// A terminal without a screen, for tests and the bench: it shows a frame the way the ncurses
/// backend does, by applying the frame's diff (`Canvas.changes(from:)`) to what it showed
/// before, and hands out keys queued with `enqueue`.
public final class HeadlessTerminal: Terminal {
    public private(set) var size: Size
    public private(set) var canvas: Canvas
    public private(set) var cursor: Point?
    /// How many times `present` was called.
    public private(set) var presentCount = 0
    /// How many cells the last frame wrote (what a real terminal would have been sent).
    public private(set) var lastChangeCount = 0
    /// The frame shown before the last one (nil until two were shown, or after a resize).
    private var shown: Canvas?
    public private(set) var isStarted = false
    public private(set) var stopCount = 0
    private var pending: [Key] = []

    public init(size: Size = Size(width: 80, height: 24)) {
        self.size = size
        self.canvas = Canvas(size: size)
    }

    public var inputDescriptor: Int32 { -1 }
    public var hasPendingKeys: Bool { !pending.isEmpty }

    public func start() throws { isStarted = true }

    public func stop() {
        if isStarted { stopCount += 1 }
        isStarted = false
    }

    public func present(_ canvas: Canvas, cursor: Point?) {
        let changes = canvas.changes(from: shown)
        let before = shown.flatMap { $0.size == canvas.size ? $0 : nil } ?? Canvas(size: canvas.size)
        self.canvas = before.applying(changes)
        shown = self.canvas
        lastChangeCount = changes.count
        self.cursor = cursor
        presentCount += 1
    }

    public func readKeys() -> [Key] {
        defer { pending.removeAll() }
        return pending
    }

    public func enqueue(_ keys: [Key]) { pending += keys }
    public func enqueue(_ keys: Key...) { pending += keys }

    /// Types `text` as `.char` keys.
    public func type(_ text: String) { pending += text.map(Key.char) }

    /// Changes the size and queues `.resize`, as ncurses does on SIGWINCH.
    public func resize(to newSize: Size) {
        size = newSize
        pending.append(.resize)
    }

    /// The last presented screen as text.
    public var lines: [String] { canvas.lines }
    public var snapshot: String { canvas.snapshot }
}
