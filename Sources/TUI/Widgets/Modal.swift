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

    /// Dims `area` (when asked), draws the box centred in it and returns the box.
    /// Draws the box over `area` (dimming it first when `dimsBackground`); returns the box.
    @discardableResult
    public func draw(in area: Rect, on canvas: inout Canvas) -> Rect {
        if dimsBackground { canvas.restyle(area) { $0.dim = true; $0.bold = false } }
        let box = frame(in: area)
        guard box.width >= 4, box.height >= 3 else { return box }
        canvas.fill(box, style: style)
        let inner = Frame(title: title, border: .rounded, style: borderStyle, titleStyle: borderStyle).draw(in: box, on: &canvas)
        let content = inner.inset(top: 1, left: 1, bottom: 1, right: 1)
        let (buttonRow, bodyArea) = content.divided(buttons.isEmpty ? 0 : 1, from: .bottom)
        TextBlock(body, style: style).draw(in: bodyArea.divided(buttons.isEmpty ? 0 : 1, from: .bottom).remainder, on: &canvas)
        if !buttons.isEmpty {
            var x = buttonRow.x + TextLayout.offset(of: buttonRowWidth, in: buttonRow.width, alignment: .center)
            for (i, label) in buttons.enumerated() {
                let place = Rect(x: x, y: buttonRow.y, width: max(0, buttonRow.maxX - x), height: 1)
                x = Button(label, isFocused: i == focusedButton).draw(in: place, on: &canvas).maxX + 2
            }
        }
        return box
    }
}
