/// A centred box over the content: title, wrapped body text and an optional row of buttons.
/// The content behind it is dimmed (optional), so the box reads as in front.
public struct Modal: Widget, Sendable {
    public var title: String
    public var body: String
    public var buttons: [String]
    public var focusedButton: Int?
    /// Widest the box gets (it shrinks to its content and to the screen).
    public var maxWidth: Int
    public var dimsBackground: Bool
    public var style: Style
    public var borderStyle: Style

    public init(title: String, body: String, buttons: [String] = [], focusedButton: Int? = nil, maxWidth: Int = 64, dimsBackground: Bool = true, style: Style = .plain, borderStyle: Style = .bold) {
        self.title = title
        self.body = body
        self.buttons = buttons
        self.focusedButton = focusedButton
        self.maxWidth = maxWidth
        self.dimsBackground = dimsBackground
        self.style = style
        self.borderStyle = borderStyle
    }

    private var buttonRowWidth: Int {
        buttons.isEmpty ? 0 : buttons.map { Button($0).width }.reduce(0, +) + 2 * (buttons.count - 1)
    }

    /// The box's rectangle when drawn over `area`.
    public func frame(in area: Rect) -> Rect {
        let widest = max(4, min(maxWidth, area.width - 2))
        let textWidth = widest - 4 // border and one column of padding on each side
        let bodyWidth = TextLayout.wrap(body, width: textWidth).map(DisplayWidth.of).max() ?? 0
        let contentWidth = max(bodyWidth, DisplayWidth.of(title) + 4, buttonRowWidth)
        let width = min(widest, contentWidth + 4)
        let chrome = 4 + (buttons.isEmpty ? 0 : 2) // borders, padding rows, button row + gap
        let bodyLines = TextLayout.lines(body, width: width - 4, maxLines: max(1, area.height - 2 - chrome)).count
        return area.centred(Size(width: width, height: bodyLines + chrome))
    }

    /// The rectangle of each button when the box is drawn over `area`, in order (the parts a
    /// narrow box leaves out are clipped; none when the box is too small to draw).
    public func buttonFrames(in area: Rect) -> [Rect] {
        let box = frame(in: area)
        guard box.width >= 4, box.height >= 3, !buttons.isEmpty else { return [] }
        let buttonRow = Self.content(of: box).divided(1, from: .bottom).slice
        var x = buttonRow.x + TextLayout.offset(of: buttonRowWidth, in: buttonRow.width, alignment: .center)
        return buttons.map { label in
            let button = Button(label).width
            defer { x += button + 2 }
            return Rect(x: x, y: buttonRow.y, width: button, height: 1).intersection(buttonRow)
        }
    }

    /// Inside the border, one column and one row of padding.
    private static func content(of box: Rect) -> Rect {
        Frame.contentRect(of: box).inset(top: 1, left: 1, bottom: 1, right: 1)
    }

    /// Draws the box over `area` (dimming it first when `dimsBackground`); returns the box.
    @discardableResult
    public func draw(in area: Rect, on canvas: inout Canvas) -> Rect {
        if dimsBackground { canvas.restyle(area) { $0.dim = true; $0.bold = false } }
        let box = frame(in: area)
        guard box.width >= 4, box.height >= 3 else { return box }
        canvas.fill(box, style: style)
        Frame(title: title, border: .rounded, style: borderStyle, titleStyle: borderStyle).draw(in: box, on: &canvas)
        let bodyArea = Self.content(of: box).divided(buttons.isEmpty ? 0 : 2, from: .bottom).remainder
        TextBlock(body, style: style).draw(in: bodyArea, on: &canvas)
        for (i, (label, place)) in zip(buttons, buttonFrames(in: area)).enumerated() {
            Button(label, isFocused: i == focusedButton).draw(in: place, on: &canvas)
        }
        return box
    }
}
