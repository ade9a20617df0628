/// The one way back a screen draws: ` ‹ Back ` at the left of its header, a column of padding
/// either side, reversed when it has the focus. A click presses Esc, the back key of every
/// screen (Docs/keys.md, "Back").
public struct BackButton: Widget, Sendable {
    public var label: String
    public var isFocused: Bool
    public var style: Style

    public init(_ label: String = "Back", isFocused: Bool = false, style: Style = .bold) {
        self.label = label
        self.isFocused = isFocused
        self.style = style
    }

    /// What it shows, padding included.
    public var text: String { " ‹ \(label) " }

    /// Draws at the left of the first row of `area` (clipped to it) and makes it a button for Esc;
    /// returns its own rectangle.
    @discardableResult
    public func draw(in area: Rect, on canvas: inout Canvas) -> Rect {
        draw(in: area, on: &canvas, target: KeyTarget.press(.escape))
    }

    /// As `draw(in:on:)`, a click sending `target` instead: where Esc means less than leaving
    /// (in a form's field it only leaves the field).
    @discardableResult
    public func draw(in area: Rect, on canvas: inout Canvas, target: some Hashable & Sendable) -> Rect {
        let row = area.row(0)
        let end = canvas.put(text, at: row.origin, style: isFocused ? style.reversed() : style, clipTo: row)
        let button = Rect(x: row.x, y: row.y, width: max(0, end - row.x), height: 1)
        canvas.addHitRegion(button, target, clipTo: row)
        return button
    }
}
