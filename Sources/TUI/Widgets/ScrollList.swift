/// A vertical list that draws only the rows on screen, through a closure: a list of 100,000
/// items costs the same as one of 60. Rows may be taller than one line (`rowHeight`).
public struct ScrollList: StatefulWidget {
    /// One row to draw: the item's index, where to draw it, whether it is selected.
    public struct Row: Hashable, Sendable {
        public var index: Int
        public var rect: Rect
        public var isSelected: Bool
    }

    public var rowHeight: Int
    /// A one-column scroll indicator on the right when not everything fits.
    public var showsScrollbar: Bool
    public var scrollbarStyle: Style
    /// Draws one visible row into its rectangle.
    public var drawRow: (Row, inout Canvas) -> Void

    public init(
        rowHeight: Int = 1, showsScrollbar: Bool = true, scrollbarStyle: Style = .dim,
        row drawRow: @escaping (Row, inout Canvas) -> Void
    ) {
        self.rowHeight = max(1, rowHeight)
        self.showsScrollbar = showsScrollbar
        self.scrollbarStyle = scrollbarStyle
        self.drawRow = drawRow
    }

    /// Items that fit in a rectangle of `height` rows.
    public func visibleRows(height: Int) -> Int { max(1, height / rowHeight) }

    /// Calls `drawRow` for each visible item, top to bottom. `state` should already know how many
    /// rows fit (`visibleRows(height:)`, given to it by a layout event); if it does not yet, the
    /// frame is drawn as if it did, without changing it.
    public func draw(in rect: Rect, on canvas: inout Canvas, state: ListState) {
        guard !rect.isEmpty else { return }
        var state = state
        state.visibleRows = visibleRows(height: rect.height)
        var rowsArea = rect
        if showsScrollbar, state.count > state.visibleRows, rect.width > 1 {
            let (bar, rest) = rect.divided(1, from: .right)
            rowsArea = rest
            drawScrollbar(state, in: bar, on: &canvas)
        }
        for (slot, index) in state.visibleRange.enumerated() {
            let rowRect = Rect(x: rowsArea.x, y: rowsArea.y + slot * rowHeight, width: rowsArea.width, height: rowHeight)
                .intersection(rowsArea)
            guard !rowRect.isEmpty else { break }
            drawRow(Row(index: index, rect: rowRect, isSelected: index == state.selectedIndex), &canvas)
        }
    }

    private func drawScrollbar(_ state: ListState, in bar: Rect, on canvas: inout Canvas) {
        let track = bar.height
        let thumb = max(1, track * state.visibleRows / max(1, state.count))
        let maxOffset = max(1, state.count - state.visibleRows)
        let start = (track - thumb) * state.offset / maxOffset
        for y in 0..<track {
            let glyph = (start..<(start + thumb)).contains(y) ? "┃" : "│"
            canvas.put(glyph, at: Point(x: bar.x, y: bar.y + y), style: scrollbarStyle, clipTo: bar)
        }
    }
}
