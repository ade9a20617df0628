/// The bottom line that lists what the keys do: `↑↓ move · Enter open · ? help · q quit`.
/// When not every item fits whole, the least important are left out first (`KeyImportance`; the
/// last of equals first) and the rest keep their order. Every item is also a button that presses
/// its key (`Item.buttons`). The items come from the screens' key declarations (`KeyMap`).
public struct KeyBar: Widget, Hashable, Sendable {
    public struct Item: Hashable, Sendable {
        public var key: String
        public var label: String
        /// Which items a narrow bar leaves out first.
        public var importance: KeyImportance
        public init(_ key: String, _ label: String, importance: KeyImportance = .primary) {
            self.key = key
            self.label = label
            self.importance = importance
        }

        /// What a click presses, by column from the item's start: an item naming one key
        /// ("q quit", "Enter open") is one button, label and all; an item naming several
        /// ("↑↓ move", "Tab ↑↓ move", "+- delay") has one button per key name, the label none.
        public var buttons: [(columns: Range<Int>, key: Key)] {
            var names: [(columns: Range<Int>, name: String)] = []
            var x = 0
            for word in key.split(separator: " ", omittingEmptySubsequences: false) {
                let width = DisplayWidth.of(String(word))
                if Key(name: String(word)) != nil {
                    names.append((x..<(x + width), String(word)))
                } else if word.allSatisfy({ !$0.isLetter && !$0.isNumber }) {
                    // "↑↓", "+-": one key per symbol. A word like "PgUp/PgDn" names no button.
                    var column = x
                    for character in word {
                        let w = DisplayWidth.of(character)
                        names.append((column..<(column + w), String(character)))
                        column += w
                    }
                } else {
                    return []
                }
                x += width + 1
            }
            let keys = names.compactMap { name in Key(name: name.name).map { (columns: name.columns, key: $0) } }
            guard keys.count == names.count, !keys.isEmpty else { return [] }
            if keys.count == 1 { return [(0..<(DisplayWidth.of(key) + 1 + DisplayWidth.of(label)), keys[0].key)] }
            return keys
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

    /// The items that fit in `width` columns: all of them, or without the least important.
    public func visibleItems(width: Int) -> [Item] {
        func itemWidth(_ item: Item) -> Int { DisplayWidth.of(item.key) + 1 + DisplayWidth.of(item.label) }
        let separator = DisplayWidth.of(KeyBar.separator)
        var shown = Array(items.indices)
        var used = items.map(itemWidth).reduce(0, +) + separator * max(0, items.count - 1)
        // Least important first; of equals, the one furthest right.
        let leavingOrder = items.indices.sorted { a, b in
            items[a].importance != items[b].importance ? items[a].importance < items[b].importance : a > b
        }
        for index in leavingOrder where used > width {
            shown.removeAll { $0 == index }
            used -= itemWidth(items[index]) + (shown.isEmpty ? 0 : separator)
        }
        return shown.map { items[$0] }
    }

    /// The bar as plain text for `width` columns.
    public func text(width: Int) -> String {
        visibleItems(width: width).map { "\($0.key) \($0.label)" }.joined(separator: KeyBar.separator)
    }

    /// Draws on the first row of `rect`, each item's buttons in the hit map (`KeyTarget`).
    public func draw(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        var x = rect.x
        for (i, item) in visibleItems(width: rect.width).enumerated() {
            if i > 0 { x = canvas.put(KeyBar.separator, at: Point(x: x, y: rect.y), style: labelStyle.dimmed(), clipTo: rect) }
            for button in item.buttons {
                let area = Rect(x: x + button.columns.lowerBound, y: rect.y, width: button.columns.count, height: 1)
                canvas.addHitRegion(area, KeyTarget.press(button.key), clipTo: rect)
            }
            x = canvas.put(item.key, at: Point(x: x, y: rect.y), style: keyStyle, clipTo: rect)
            x = canvas.put(" " + item.label, at: Point(x: x, y: rect.y), style: labelStyle, clipTo: rect)
        }
    }
}
