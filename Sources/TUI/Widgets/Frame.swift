/// A box drawn with Unicode box-drawing characters, with an optional title in the top edge:
/// `╭─ Title ───╮`.
public struct Frame: Widget, Sendable {
    public enum Border: Hashable, Sendable {
        case rounded, plain, heavy, double

        var glyphs: (topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character, horizontal: Character, vertical: Character) {
            switch self {
            case .rounded: ("╭", "╮", "╰", "╯", "─", "│")
            case .plain: ("┌", "┐", "└", "┘", "─", "│")
            case .heavy: ("┏", "┓", "┗", "┛", "━", "┃")
            case .double: ("╔", "╗", "╚", "╝", "═", "║")
            }
        }
    }

    public var title: String?
    public var border: Border
    public var style: Style
    public var titleStyle: Style

    public init(title: String? = nil, border: Border = .rounded, style: Style = .plain, titleStyle: Style = .bold) {
        self.title = title
        self.border = border
        self.style = style
        self.titleStyle = titleStyle
    }

    /// The area inside a frame drawn in `rect`.
    public static func contentRect(of rect: Rect) -> Rect { rect.inset(by: 1) }

    /// Draws the border (the inside is left alone) and returns the content rectangle.
    @discardableResult
    public func draw(in rect: Rect, on canvas: inout Canvas) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(origin: rect.origin, size: .zero) }
        let g = border.glyphs
        let inner = String(repeating: g.horizontal, count: rect.width - 2)
        canvas.put(String(g.topLeft) + inner + String(g.topRight), at: rect.origin, style: style, clipTo: rect)
        canvas.put(String(g.bottomLeft) + inner + String(g.bottomRight), at: Point(x: rect.x, y: rect.maxY - 1), style: style, clipTo: rect)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            canvas.put(String(g.vertical), at: Point(x: rect.x, y: y), style: style, clipTo: rect)
            canvas.put(String(g.vertical), at: Point(x: rect.maxX - 1, y: y), style: style, clipTo: rect)
        }
        if let title, !title.isEmpty, rect.width >= 6 {
            let text = " " + TextLayout.truncate(title, width: rect.width - 6) + " "
            canvas.put(text, at: Point(x: rect.x + 2, y: rect.y), style: titleStyle, clipTo: rect)
        }
        return Frame.contentRect(of: rect)
    }
}
