/// What the event loop shows instead of the app while the terminal is below the minimum size.
public struct TooSmallScreen: Widget, Sendable {
    /// The size the app needs.
    public var minimum: Size

    public init(minimum: Size) { self.minimum = minimum }

    public static func message(minimum: Size, actual: Size) -> String {
        "Terminal too small: need \(minimum), have \(actual)"
    }

    /// Under the message: keys still work as on the screen behind, so say how to get out.
    public static let advice = "Make it bigger, or Ctrl-C to quit"

    /// Draws the message centred (wrapped when even the message doesn't fit on one line).
    /// Draws the message centred in `area` (the whole terminal), naming the terminal's size.
    public func draw(in area: Rect, on canvas: inout Canvas) {
        let text = TextBlock(Self.message(minimum: minimum, actual: area.size), style: .bold, alignment: .center)
        let advice = TextBlock(Self.advice, style: .dim, alignment: .center)
        let height = text.height(forWidth: area.width)
        let adviceHeight = advice.height(forWidth: area.width)
        let box = area.centred(Size(width: area.width, height: min(area.height, height + 1 + adviceHeight)))
        text.draw(in: Rect(x: box.x, y: box.y, width: box.width, height: height), on: &canvas)
        advice.draw(in: Rect(x: box.x, y: box.y + height + 1, width: box.width, height: adviceHeight).intersection(area), on: &canvas)
    }
}
