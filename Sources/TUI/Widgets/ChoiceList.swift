/// Draws a `ChoiceState`, one option per row:
/// - wheel: `› Choice C` on the highlighted row (reversed when focused), neighbours dim, the
///   highlight kept near the middle when the options don't all fit;
/// - checkboxes: `[x] Option 1` / `[ ] Option 2`, the highlighted row marked with `›`.
public struct ChoiceList: Widget, Sendable {
    public var state: ChoiceState
    public var isFocused: Bool
    public var style: Style
    public var highlightStyle: Style

    public init(
        _ state: ChoiceState, isFocused: Bool, style: Style = .plain, highlightStyle: Style = Style(bold: true, reverse: true)
    ) {
        self.state = state
        self.isFocused = isFocused
        self.style = style
        self.highlightStyle = highlightStyle
    }

    /// The text of option `index` as drawn.
    public static func label(_ state: ChoiceState, _ index: Int) -> String {
        let marker = index == state.highlighted ? "›" : " "
        switch state.mode {
        case .wheel: return "\(marker) \(state.options[index])"
        case .exclusiveCheckboxes: return "\(marker) \(state.checked == index ? "[x]" : "[ ]") \(state.options[index])"
        }
    }

    /// First option shown when only `rows` fit: the highlight stays near the middle.
    public static func firstVisible(_ state: ChoiceState, rows: Int) -> Int {
        guard rows > 0, state.options.count > rows else { return 0 }
        return min(max(0, state.highlighted - rows / 2), state.options.count - rows)
    }

    /// Draws the options that fit; returns each one's row (what a click on it means is the
    /// caller's to record).
    @discardableResult
    public func draw(in rect: Rect, on canvas: inout Canvas) -> [(index: Int, rect: Rect)] {
        guard !rect.isEmpty, !state.options.isEmpty else { return [] }
        let first = ChoiceList.firstVisible(state, rows: rect.height)
        var rows: [(index: Int, rect: Rect)] = []
        for (row, index) in (first..<min(state.options.count, first + rect.height)).enumerated() {
            let line = rect.row(row)
            rows.append((index, line))
            let isHighlighted = index == state.highlighted
            var look = style
            if isHighlighted {
                look = isFocused ? highlightStyle : style.bolded()
            } else if state.mode == .wheel {
                look = style.dimmed()
            }
            if isHighlighted, isFocused { canvas.fill(line, style: look) }
            canvas.put(TextLayout.truncate(ChoiceList.label(state, index), width: line.width), at: line.origin, style: look, clipTo: line)
        }
        return rows
    }
}
