/// A widget's last two drawings, copied again while the widget and its rectangle are one of
/// them: what is the same frame after frame (the key bar) costs a copy of its cells and
/// clickable regions, not its layout, and so does what goes back and forth between two looks (a
/// list row selected, then not, then selected again as ↓ and ↑ move over it) once each look has
/// been drawn (Docs/performance.md, "A key press"). Only for a widget that owns its rectangle:
/// the drawing covers every cell of it.
public struct WidgetCache<W: Widget & Equatable> {
    @usableFromInline
    struct Drawing {
        @usableFromInline let widget: W
        @usableFromInline let drawing: Canvas

        @usableFromInline
        init(widget: W, drawing: Canvas) {
            self.widget = widget
            self.drawing = drawing
        }

        /// Whether it is `widget` drawn at `size`.
        @inlinable
        func shows(_ widget: W, at size: Size) -> Bool { drawing.size == size && self.widget == widget }
    }

    /// The most recently used first.
    @usableFromInline var recent: Drawing?
    @usableFromInline var older: Drawing?

    public init() {}

    /// Inlinable, so that it is compiled for each widget where it is used rather than run
    /// through the generic runtime at every frame.
    @inlinable
    public mutating func draw(_ widget: W, in rect: Rect, on canvas: inout Canvas) {
        if let recent, recent.shows(widget, at: rect.size) {
            canvas.draw(recent.drawing, at: rect.origin)
            return
        }
        if let older, older.shows(widget, at: rect.size) {
            canvas.draw(older.drawing, at: rect.origin)
            swap(&self.recent, &self.older)
            return
        }
        var drawing = Canvas(size: rect.size)
        widget.draw(in: Rect(size: rect.size), on: &drawing)
        canvas.draw(drawing, at: rect.origin)
        older = recent
        recent = Drawing(widget: widget, drawing: drawing)
    }
}
