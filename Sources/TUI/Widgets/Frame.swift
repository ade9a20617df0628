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
        let (left, right, top, bottom) = (rect.x, rect.maxX - 1, rect.y, rect.maxY - 1)
        // Runs of one glyph, filled: no string of box characters to build and then walk.
        func run(_ glyph: Character, x: Int, y: Int, width: Int, height: Int) {
            canvas.fill(Rect(x: x, y: y, width: width, height: height), with: glyph, style: style)
        }
        run(g.horizontal, x: left + 1, y: top, width: rect.width - 2, height: 1)
        run(g.horizontal, x: left + 1, y: bottom, width: rect.width - 2, height: 1)
        run(g.vertical, x: left, y: top + 1, width: 1, height: rect.height - 2)
        run(g.vertical, x: right, y: top + 1, width: 1, height: rect.height - 2)
        run(g.topLeft, x: left, y: top, width: 1, height: 1)
        run(g.topRight, x: right, y: top, width: 1, height: 1)
        run(g.bottomLeft, x: left, y: bottom, width: 1, height: 1)
        run(g.bottomRight, x: right, y: bottom, width: 1, height: 1)
        if let title, !title.isEmpty, rect.width >= 6 {
            let text = " " + TextLayout.truncate(title, width: rect.width - 6) + " "
            canvas.put(text, at: Point(x: rect.x + 2, y: rect.y), style: titleStyle, clipTo: rect)
        }
        return Frame.contentRect(of: rect)
    }
}
