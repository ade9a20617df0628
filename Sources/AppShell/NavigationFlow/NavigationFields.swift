import TUI

/// The challenge's "large text field" (Docs/navigation.md): a bordered box of wrapped text, one column of padding inside.
/// B3 and both C screens use it.
struct LargeTextField: Widget {
    var text: String
    var style: Style

    /// Rows the field needs to show all of `text` at `width` columns (borders included).
    func height(forWidth width: Int) -> Int {
        TextBlock(text).height(forWidth: max(1, width - 4)) + 2
    }

    func draw(in rect: Rect, on canvas: inout Canvas) {
        let inner = Frame(style: style).draw(in: rect, on: &canvas).inset(left: 1, right: 1)
        TextBlock(text, style: style).draw(in: inner, on: &canvas)
    }
}

/// C's title field: a one-line bordered box with the selection made on the B screen.
struct TitleField: Widget {
    static let height = 3
    var label: String
    var text: String
    var style: Style

    func draw(in rect: Rect, on canvas: inout Canvas) {
        let box = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(rect.height, Self.height))
        let inner = Frame(title: label, style: style, titleStyle: style.dimmed()).draw(in: box, on: &canvas)
            .inset(left: 1, right: 1)
        TextBlock(text, style: style.bolded(), maxLines: 1, wraps: false).draw(in: inner, on: &canvas)
    }
}
