/// What the event loop shows instead of the app while the terminal is below the minimum size.
public enum TooSmallScreen {
    public static func message(minimum: Size, actual: Size) -> String {
        "Terminal too small: need \(minimum), have \(actual)"
    }

    /// Draws the message centred (wrapped when even the message doesn't fit on one line).
    public static func draw(minimum: Size, on canvas: inout Canvas) {
        let text = TextBlock(message(minimum: minimum, actual: canvas.size), style: .bold, alignment: .center)
        let height = text.height(forWidth: canvas.size.width)
        let area = canvas.bounds.centred(Size(width: canvas.size.width, height: height))
        text.draw(in: area, on: &canvas)
    }
}
