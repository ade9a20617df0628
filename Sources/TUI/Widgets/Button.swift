/// A push button: `[ SAVE CHANGES ]`, reversed when focused, dim when disabled.
public struct Button: Widget, Sendable {
    public var label: String
    public var isFocused: Bool
    public var isEnabled: Bool
    public var style: Style
    public var focusedStyle: Style
    /// Where in its area the button sits.
    public var alignment: TextAlignment

    public init(
        _ label: String, isFocused: Bool = false, isEnabled: Bool = true, style: Style = .bold,
        focusedStyle: Style = Style(bold: true, reverse: true), alignment: TextAlignment = .left
    ) {
        self.label = label
        self.isFocused = isFocused
        self.isEnabled = isEnabled
        self.style = style
        self.focusedStyle = focusedStyle
        self.alignment = alignment
    }

    public var text: String { "[ \(label) ]" }

    /// Columns the button takes.
    public var width: Int { DisplayWidth.of(text) }

    /// Draws on the first row of `area` (clipped to it); returns the button's own rectangle.
    @discardableResult
    public func draw(in area: Rect, on canvas: inout Canvas) -> Rect {
        let point = Point(x: area.x + TextLayout.offset(of: width, in: area.width, alignment: alignment), y: area.y)
        var look = isFocused ? focusedStyle : style
        if !isEnabled { look = look.dimmed() }
        canvas.put(text, at: point, style: look, clipTo: area.row(0))
        return Rect(origin: point, size: Size(width: width, height: 1))
    }
}
