/// A single choice among options, in one of two looks:
/// - `.wheel`: a picker; the highlighted option *is* the selection.
/// - `.exclusiveCheckboxes`: ↑/↓ move a highlight, Space checks the highlighted option and
///   unchecks the others; nothing is selected until something is checked.
public struct ChoiceState: Hashable, Sendable {
    public enum Mode: Hashable, Sendable { case wheel, exclusiveCheckboxes }

    public var options: [String] { didSet { clamp() } }
    public var mode: Mode
    public private(set) var highlighted: Int
    public private(set) var checked: Int?

    public init(options: [String], mode: Mode, selection: Int? = nil) {
        self.options = options
        self.mode = mode
        self.highlighted = 0
        self.checked = nil
        if let selection { select(selection) }
        clamp()
    }

    /// The chosen option's index: the highlight for a wheel, the checked box otherwise.
    public var selection: Int? {
        switch mode {
        case .wheel: options.isEmpty ? nil : highlighted
        case .exclusiveCheckboxes: checked
        }
    }


    public mutating func highlight(_ index: Int) {
        highlighted = index
        clamp()
    }

    /// Makes `index` the selection (highlighting it, and checking it in checkbox mode).
    public mutating func select(_ index: Int) {
        highlight(index)
        if mode == .exclusiveCheckboxes, !options.isEmpty { checked = highlighted }
    }

    /// ↑/↓ (and k/j), Home/End move; Space checks in checkbox mode. Returns whether the key
    /// was used.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .up, .char("k"): highlight(highlighted - 1)
        case .down, .char("j"): highlight(highlighted + 1)
        case .home: highlight(0)
        case .end: highlight(options.count - 1)
        case .char(" ") where mode == .exclusiveCheckboxes: select(highlighted)
        default: return false
        }
        return true
    }

    private mutating func clamp() {
        highlighted = options.isEmpty ? 0 : min(max(0, highlighted), options.count - 1)
        if let c = checked, c >= options.count { checked = nil }
    }
}
