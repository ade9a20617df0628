import AppShell
import Core
import TUI

/// The challenge's "large text field" (Docs/navigation.md): a bordered box of wrapped text, one column of padding inside.
/// B3 and both C screens use it.
package struct LargeTextField: Widget {
    package var text: String
    package var style: Style

    /// Rows the field needs to show all of `text` at `width` columns (borders included).
    package func height(forWidth width: Int) -> Int {
        TextBlock(text).height(forWidth: max(1, width - 4)) + 2
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        let inner = Frame(style: style).draw(in: rect, on: &canvas).inset(left: 1, right: 1)
        TextBlock(text, style: style).draw(in: inner, on: &canvas)
    }
}

/// C's title field: a one-line bordered box with the selection made on the B screen.
package struct TitleField: Widget {
    package static let height = 3
    package var label: String
    package var text: String
    package var style: Style

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        let box = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(rect.height, Self.height))
        let inner = Frame(title: label, style: style, titleStyle: style.dimmed()).draw(in: box, on: &canvas)
            .inset(left: 1, right: 1)
        TextBlock(text, style: style.bolded(), maxLines: 1, wraps: false).draw(in: inner, on: &canvas)
    }
}
