import TUI

/// Draws the timeline: a band across the bottom of the screen's area (as tall as the network
/// inspector's), the newest event last, the selected one reversed.
package struct TimelinePanel: Widget {
    package var rows: [TimelineRow]
    package var selection: Int
    package var name: (Int) -> String

    /// Its hit-map target: a click on a row picks that event.
    package enum Target: Hashable, Sendable { case row(sequence: Int) }

    package func draw(in area: Rect, on canvas: inout Canvas) {
        // As tall as the network inspector below a screen: a third of the rows, at least 5.
        let band = area.divided(min(area.height, max(5, area.height / 3 + 1)), from: .bottom).slice
        guard band.height >= 2, band.width >= 20 else { return }
        canvas.fill(band, style: .plain)
        canvas.put(String(repeating: "─", count: band.width), at: band.origin, style: .dim, clipTo: band)
        let behind = selection == rows.count - 1 ? "the present" : "as it was after the selected event"
        let title = " Timeline · \(rows.count) event\(rows.count == 1 ? "" : "s") · the screen shows \(behind) "
        canvas.put(title, at: Point(x: band.x + 1, y: band.y), style: .bold, clipTo: band)
        let content = band.inset(top: 1, left: 1, bottom: 0, right: 0)
        canvas.addHitRegion(content, KeyTarget.scroll())
        var state = ListState(count: rows.count, visibleRows: content.height)
        state.select(selection)
        let rows = rows
        ScrollList { row, canvas in
            let event = rows[row.index]
            let text = "\(SessionFormat.secondsText(event.time)) · \(name(event.sequence))"
            let style: Style = row.isSelected ? .reverse : .plain
            canvas.fill(row.rect, style: style)
            canvas.put(text, at: row.rect.origin, style: style, clipTo: row.rect)
            canvas.addHitRegion(row.rect, Target.row(sequence: event.sequence))
        }.draw(in: content, on: &canvas, state: state)
    }
}
