/// A push button: `[ SAVE CHANGES ]`, reversed when focused, dim when disabled.
public struct Button: Sendable {
    public var label: String
    public var isFocused: Bool
    public var isEnabled: Bool
    public var style: Style
    public var focusedStyle: Style

    public init(_ label: String, isFocused: Bool = false, isEnabled: Bool = true, style: Style = .bold, focusedStyle: Style = Style(bold: true, reverse: true)) {
        self.label = label
        self.isFocused = isFocused
        self.isEnabled = isEnabled
        self.style = style
        self.focusedStyle = focusedStyle
    }

    public var text: String { "[ \(label) ]" }

    /// Columns the button takes.
    public var width: Int { DisplayWidth.of(text) }

    /// Draws at `point` (clipped to `clip`); returns the rectangle it took.
    @discardableResult
    public func draw(at point: Point, on canvas: inout Canvas, clipTo clip: Rect? = nil) -> Rect {
        var look = isFocused ? focusedStyle : style
        if !isEnabled { look = look.dimmed() }
        canvas.put(text, at: point, style: look, clipTo: clip)
        return Rect(origin: point, size: Size(width: width, height: 1))
    }

    /// Draws on the first row of `rect`, placed by `alignment`.
    @discardableResult
    public func draw(in rect: Rect, alignment: TextAlignment = .left, on canvas: inout Canvas) -> Rect {
        let x = rect.x + TextLayout.offset(of: width, in: rect.width, alignment: alignment)
        return draw(at: Point(x: x, y: rect.y), on: &canvas, clipTo: rect)
    }
}
