/// A widget's last drawing, copied again while neither the widget nor its rectangle changes:
/// what is the same frame after frame (the key bar) costs a copy of its cells and clickable
/// regions, not its layout (Docs/performance.md, "A key press"). Only for a widget that owns its
/// rectangle: the drawing covers every cell of it.
public struct WidgetCache<W: Widget & Equatable> {
    private var last: (widget: W, size: Size, drawing: Canvas)?

    public init() {}

    public mutating func draw(_ widget: W, in rect: Rect, on canvas: inout Canvas) {
        if let last, last.size == rect.size, last.widget == widget {
            canvas.draw(last.drawing, at: rect.origin)
            return
        }
        var drawing = Canvas(size: rect.size)
        widget.draw(in: Rect(size: rect.size), on: &drawing)
        canvas.draw(drawing, at: rect.origin)
        last = (widget, rect.size, drawing)
    }
}
