import TUI

/// The timeline (`t`) at work: the top screen's last events, one selected; the screen behind is
/// drawn as it was right after the selected one, while the app runs on underneath (answers keep
/// coming and are listed as they do). Esc (or `t`) goes back to the present. See
/// Docs/recording.md, "The timeline".
package final class TimelineController {
    package let screen: any TimelineScreen
    /// The selected event's number; nil: the newest (it follows new events).
    package private(set) var selected: Int?
    private var list = ListState()

    /// Nil when the screen has no event yet.
    package init?(screen: any TimelineScreen) {
        guard !screen.timeline.isEmpty else { return nil }
        self.screen = screen
    }

    /// The keys, declared once: its key bar, help and Docs/keys.md are drawn from them.
    package static let keyMap = KeyMap<TimelineController, Never>("Timeline", [
        KeyBinding([.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "step", help: "an older or newer event"),
        KeyBinding([.pageUp, .pageDown, .home, .end], bar: nil, label: "jump", help: "a page, the oldest or the newest event"),
        KeyBinding([], names: "click, wheel", bar: nil, label: "choose", help: "a click picks a row; the wheel steps"),
        close,
    ])
    package static let close = KeyBinding<TimelineController, Never>(
        [.escape, .char("t"), .char("q")], bar: "Esc", label: "present", help: "back to the present", importance: .essential)

    package var keyBar: KeyBar { KeyBar(Self.keyMap.barItems(for: self)) }

    /// The rows (oldest first) and where the selection is among them.
    private func rowsAndSelection() -> (rows: [TimelineRow], index: Int) {
        let rows = screen.timeline
        let index = selected.flatMap { sequence in rows.firstIndex { $0.sequence == sequence } } ?? rows.count - 1
        return (rows, index)
    }

    /// The event the screen behind shows.
    package var shownSequence: Int? {
        let (rows, index) = rowsAndSelection()
        return rows.indices.contains(index) ? rows[index].sequence : nil
    }

    /// Applies `key`; false when it closes the timeline.
    package func handle(_ key: Key) -> Bool {
        if Self.close.handles(key, in: self) { return false }
        let (rows, index) = rowsAndSelection()
        list.count = rows.count
        list.select(index)
        guard list.handle(key) else { return true }
        select(rows[list.selection].sequence, newest: rows.last?.sequence)
        return true
    }

    /// Selects event `sequence` (a click on its row).
    package func select(_ sequence: Int) {
        select(sequence, newest: screen.timeline.last?.sequence)
    }

    private func select(_ sequence: Int, newest: Int?) {
        selected = sequence == newest ? nil : sequence
    }

    package var panel: TimelinePanel {
        let (rows, index) = rowsAndSelection()
        return TimelinePanel(rows: rows, selection: index, name: screen.timelineName)
    }
}

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
