import TUI

/// The timeline (`t`) as a value: which of the top screen's events is selected. The screen
/// behind is drawn as it was right after that event, while the app runs on underneath (answers
/// keep coming and are listed as they do); the rows are the screen's, passed in. Esc (or `t`)
/// goes back to the present. See Docs/recording.md, "The timeline".
package struct TimelineState: Equatable, Sendable {
    /// The selected event's number; nil: the newest (it follows new events).
    package private(set) var selected: Int?

    package init() {}

    /// The keys, declared once: its key bar, help and Docs/keys.md are drawn from them.
    package static let keyMap = KeyMap<TimelineState, Never>("Timeline", [
        KeyBinding([.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "step", help: "an older or newer event"),
        KeyBinding([.pageUp, .pageDown, .home, .end], bar: nil, label: "jump", help: "a page, the oldest or the newest event"),
        KeyBinding([], names: "click, wheel", bar: nil, label: "choose", help: "a click picks a row; the wheel steps"),
        close,
    ])
    package static let close = KeyBinding<TimelineState, Never>(
        [.escape, .char("t"), .char("q")], bar: "Esc", label: "present", help: "back to the present", importance: .essential)

    package var keyBar: KeyBar { KeyBar(Self.keyMap.barItems(for: self)) }

    /// Where the selection is among `rows` (oldest first).
    private func index(in rows: [TimelineRow]) -> Int {
        selected.flatMap { sequence in rows.firstIndex { $0.sequence == sequence } } ?? rows.count - 1
    }

    /// The event the screen behind shows.
    package func shownSequence(in rows: [TimelineRow]) -> Int? {
        let index = index(in: rows)
        return rows.indices.contains(index) ? rows[index].sequence : nil
    }

    /// Applies `key` over `rows`; false when it closes the timeline.
    package mutating func handle(_ key: Key, rows: [TimelineRow]) -> Bool {
        if Self.close.handles(key, in: self) { return false }
        var list = ListState(count: rows.count)
        list.select(index(in: rows))
        guard list.handle(key) else { return true }
        select(rows[list.selection].sequence, in: rows)
        return true
    }

    /// Selects event `sequence` of `rows` (a click on its row).
    package mutating func select(_ sequence: Int, in rows: [TimelineRow]) {
        selected = sequence == rows.last?.sequence ? nil : sequence
    }

    /// The panel over `rows`, named by `name`.
    package func panel(rows: [TimelineRow], name: @escaping (Int) -> String) -> TimelinePanel {
        TimelinePanel(rows: rows, selection: index(in: rows), name: name)
    }
}
