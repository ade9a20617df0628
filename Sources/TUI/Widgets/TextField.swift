/// Draws a `TextFieldState` on one row: the text (or "•" per character when masked) on an
/// underlined or reversed background, scrolled horizontally to keep the cursor in view, a
/// placeholder when empty (so an empty field is seen, without colour too). Text hidden by the
/// scrolling is marked: `‹` at the left edge, `›` at the right. Returns where the terminal
/// cursor goes when focused.
public struct TextField: Widget, Sendable {
    public var state: TextFieldState
    public var isFocused: Bool
    public var placeholder: String
    public var style: Style
    public var focusedStyle: Style
    public var placeholderStyle: Style

    public init(
        _ state: TextFieldState, isFocused: Bool, placeholder: String = "", style: Style = .underline,
        focusedStyle: Style = Style(bold: true, underline: true), placeholderStyle: Style = Style(dim: true, underline: true)
    ) {
        self.state = state
        self.isFocused = isFocused
        self.placeholder = placeholder
        self.style = style
        self.focusedStyle = focusedStyle
        self.placeholderStyle = placeholderStyle
    }

    /// The first character shown so the cursor (and, at the end, one free column for it)
    /// fits in `width`: from the start when possible, else with the cursor at the right edge.
    public static func scrollOffset(for state: TextFieldState, width: Int) -> Int {
        let chars = Array(state.displayText)
        guard width > 0, state.cursor <= chars.count else { return 0 }
        var used = 1 // the cursor's own column
        var first = state.cursor
        while first > 0 {
            let w = DisplayWidth.of(chars[first - 1])
            if used + w > width { break }
            used += w
            first -= 1
        }
        let prefixWidth = chars[..<state.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        return prefixWidth + 1 <= width ? 0 : first
    }

    /// Draws the field on the first row of `rect`. Returns the cursor position when focused.
    @discardableResult
    public func draw(in rect: Rect, on canvas: inout Canvas) -> Point? {
        guard !rect.isEmpty else { return nil }
        let row = rect.row(0)
        let look = isFocused ? focusedStyle : style
        canvas.fill(row, style: look)
        if state.isEmpty, !placeholder.isEmpty {
            canvas.put(TextLayout.truncate(placeholder, width: row.width), at: row.origin, style: placeholderStyle, clipTo: row)
            return isFocused ? row.origin : nil
        }
        let chars = Array(state.displayText)
        let first = TextField.scrollOffset(for: state, width: row.width)
        let shown = String(chars[first...])
        canvas.put(shown, at: row.origin, style: look, clipTo: row)
        let cursorColumn = chars[first..<state.cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        let cursor = Point(x: min(row.x + cursorColumn, row.maxX - 1), y: row.y)
        // Text scrolled out of sight on either side is marked, never silently hidden.
        if row.width >= 3 {
            if first > 0, !(isFocused && cursor.x == row.x) {
                canvas.put("‹", at: row.origin, style: look.dimmed(), clipTo: row)
            }
            if DisplayWidth.of(shown) > row.width, !(isFocused && cursor.x == row.maxX - 1) {
                canvas.put("›", at: Point(x: row.maxX - 1, y: row.y), style: look.dimmed(), clipTo: row)
            }
        }
        return isFocused ? cursor : nil
    }
}
