/// Selection and scroll position of a scrolling list. The list's height in rows
/// (`visibleRows`) is set by `ScrollList.draw`, so page moves match what is on screen.
public struct ListState: Hashable, Sendable {
    /// Number of items; changing it keeps the selection and scroll position in range.
    public var count: Int { didSet { clamp() } }
    public private(set) var selection: Int
    /// Index of the first item shown.
    public private(set) var offset: Int
    /// How many items fit on screen (at least 1).
    public var visibleRows: Int { didSet { visibleRows = max(1, visibleRows); clamp() } }

    public init(count: Int = 0, selection: Int = 0, visibleRows: Int = 1) {
        self.count = max(0, count)
        self.selection = selection
        self.offset = 0
        self.visibleRows = max(1, visibleRows)
        clamp()
    }

    /// The selected index, nil when the list is empty.
    public var selectedIndex: Int? { count > 0 ? selection : nil }

    /// The indices on screen.
    public var visibleRange: Range<Int> { offset..<min(count, offset + visibleRows) }

    public enum Move: Hashable, Sendable {
        case up, down, pageUp, pageDown, home, end

        /// The move a list's key asks for: the arrows and j/k, PgUp/PgDn, Home/End.
        public init?(key: Key) {
            switch key {
            case .up, .char("k"): self = .up
            case .down, .char("j"): self = .down
            case .pageUp: self = .pageUp
            case .pageDown: self = .pageDown
            case .home: self = .home
            case .end: self = .end
            default: return nil
            }
        }
    }

    public mutating func move(_ move: Move) {
        switch move {
        case .up: select(selection - 1)
        case .down: select(selection + 1)
        case .pageUp: select(selection - max(1, visibleRows - 1))
        case .pageDown: select(selection + max(1, visibleRows - 1))
        case .home: select(0)
        case .end: select(count - 1)
        }
    }

    /// Selects `index` (clamped) and scrolls just enough to show it.
    public mutating func select(_ index: Int) {
        selection = index
        clamp()
    }

    /// Arrow keys (and j/k), PgUp/PgDn, Home/End. Returns whether the key was a list key.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .up, .char("k"): move(.up)
        case .down, .char("j"): move(.down)
        case .pageUp: move(.pageUp)
        case .pageDown: move(.pageDown)
        case .home: move(.home)
        case .end: move(.end)
        default: return false
        }
        return true
    }

    private mutating func clamp() {
        selection = count == 0 ? 0 : min(max(0, selection), count - 1)
        if selection < offset { offset = selection }
        if selection >= offset + visibleRows { offset = selection - visibleRows + 1 }
        offset = min(max(0, offset), max(0, count - visibleRows))
    }
}
