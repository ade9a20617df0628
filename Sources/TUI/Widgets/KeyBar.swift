/// The bottom line that lists what the keys do: `↑↓ move · Enter open · ? help · q quit`.
/// Items that don't fit whole are left out (from the end).
public struct KeyBar: Widget, Sendable {
    public struct Item: Hashable, Sendable {
        public var key: String
        public var label: String
        public init(_ key: String, _ label: String) {
            self.key = key
            self.label = label
        }
    }

    public var items: [Item]
    public var keyStyle: Style
    public var labelStyle: Style
    public static let separator = " · "

    public init(_ items: [Item], keyStyle: Style = .bold, labelStyle: Style = .plain) {
        self.items = items
        self.keyStyle = keyStyle
        self.labelStyle = labelStyle
    }

    /// Convenience: `KeyBar([("↑↓", "move"), ("q", "quit")])`.
    public init(_ pairs: [(String, String)], keyStyle: Style = .bold, labelStyle: Style = .plain) {
        self.init(pairs.map { Item($0.0, $0.1) }, keyStyle: keyStyle, labelStyle: labelStyle)
    }

    /// The items that fit in `width` columns.
    public func visibleItems(width: Int) -> [Item] {
        var used = 0
        var shown: [Item] = []
        for item in items {
            let w = (shown.isEmpty ? 0 : DisplayWidth.of(KeyBar.separator)) + DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.label)
            if used + w > width { break }
            used += w
            shown.append(item)
        }
        return shown
    }

    /// The bar as plain text for `width` columns.
    public func text(width: Int) -> String {
        visibleItems(width: width).map { "\($0.key) \($0.label)" }.joined(separator: KeyBar.separator)
    }

    /// Draws on the first row of `rect`.
    public func draw(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        var x = rect.x
        for (i, item) in visibleItems(width: rect.width).enumerated() {
            if i > 0 { x = canvas.put(KeyBar.separator, at: Point(x: x, y: rect.y), style: labelStyle.dimmed(), clipTo: rect) }
            x = canvas.put(item.key, at: Point(x: x, y: rect.y), style: keyStyle, clipTo: rect)
            x = canvas.put(" " + item.label, at: Point(x: x, y: rect.y), style: labelStyle, clipTo: rect)
        }
    }
}
