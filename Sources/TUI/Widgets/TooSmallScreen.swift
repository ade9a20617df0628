/// What the event loop shows instead of the app while the terminal is below the minimum size.
public struct TooSmallScreen: Widget, Sendable {
    /// The size the app needs.
    public var minimum: Size

    public init(minimum: Size) { self.minimum = minimum }

    public static func message(minimum: Size, actual: Size) -> String {
        "Terminal too small: need \(minimum), have \(actual)"
    }

    /// Draws the message centred (wrapped when even the message doesn't fit on one line).
    /// Draws the message centred in `area` (the whole terminal), naming the terminal's size.
    public func draw(in area: Rect, on canvas: inout Canvas) {
        let text = TextBlock(Self.message(minimum: minimum, actual: area.size), style: .bold, alignment: .center)
        let height = text.height(forWidth: area.width)
        text.draw(in: area.centred(Size(width: area.width, height: height)), on: &canvas)
    }
}
