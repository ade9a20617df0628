import TUI

/// The network inspector's own state, kept by the shell while it is open: whether it has the
/// keys, how far it is scrolled back, its filter (the one text field, `TextFieldState`) and how
/// many rows its area holds (told before each frame, as a screen's layout is). Pure: keys in,
/// what they did out; the shell draws it with `InspectorPanel` (Docs/live-tools.md).
package struct InspectorState: Hashable, Sendable {
    /// It takes the keys (its key bar shows); otherwise the screen beside it does.
    package var isFocused = true
    /// Rows back from the newest shown (0: the newest is the last row, and new ones scroll in).
    package private(set) var scroll = 0
    /// The selected row, in rows back from the newest (0: the newest): the one Enter opens. The
    /// list scrolls to keep it in view.
    package private(set) var selected = 0
    /// What `/` filters the rows by: a row shows when its verb, path or status contains it,
    /// whatever the case.
    package private(set) var filter = TextFieldState(maxLength: InspectorState.maxFilterLength)
    /// The filter's field has the keys: everything printable is typed into it.
    package private(set) var isEditingFilter = false
    /// How many rows of requests its area shows (from the layout).
    package private(set) var visibleRows = 1
    /// How many rows pass the filter (from the layout).
    package private(set) var rowCount = 0
    /// The request whose detail is open (Enter on a row; Esc closes it), by its id.
    package private(set) var detailID: Int?

    package static let maxFilterLength = 40

    /// What a key did.
    package enum Outcome: Equatable {
        /// Used.
        case handled
        /// Not the inspector's: the shell's own keys (`?`, `q`, `n`, `f`) may take it; the screen
        /// doesn't get it while the inspector has the focus.
        case ignored
    }

    package var filterText: String { filter.text }

    /// The rows the filter lets through, oldest first.
    package func filtered(_ rows: [InspectorModel.Row]) -> [InspectorModel.Row] {
        let needle = filter.text.lowercased()
        guard !needle.isEmpty else { return rows }
        return rows.filter { row in
            [row.method, row.path, row.status].contains { $0.lowercased().contains(needle) }
        }
    }

    /// The area holds `visibleRows` rows and `rowCount` pass the filter: the scroll stays within
    /// what there is.
    package mutating func layout(visibleRows: Int, rowCount: Int) {
        self.visibleRows = max(1, visibleRows)
        self.rowCount = max(0, rowCount)
        selected = min(selected, max(0, self.rowCount - 1))
        follow()
    }

    /// The furthest back it scrolls: the oldest screenful.
    package var maxScroll: Int { max(0, rowCount - visibleRows) }

    /// Moves the selection `rows` back (older) or forward (newer, negative), within what there
    /// is; the list scrolls to keep it in view.
    package mutating func scroll(by rows: Int) {
        selected = min(max(0, selected + rows), max(0, rowCount - 1))
        follow()
    }

    /// Scrolls the list itself (the wheel) `rows` back or forward; the selection stays in view.
    package mutating func scrollView(by rows: Int) {
        scroll += rows
        clampScroll()
        selected = min(max(selected, scroll), scroll + visibleRows - 1)
    }

    /// Scrolls just enough to show the selected row.
    private mutating func follow() {
        if selected < scroll { scroll = selected }
        if selected >= scroll + visibleRows { scroll = selected - visibleRows + 1 }
        clampScroll()
    }

    private mutating func clampScroll() {
        scroll = min(max(0, scroll), maxScroll)
    }

    /// The row Enter opens: the newest shown, the list's last row (↑ ↓ move it).
    package func selectedID(in rows: [InspectorModel.Row]) -> Int? {
        rows.dropLast(selected).last?.id
    }

    /// A key while it has the focus; `rows` are those the filter lets through (Enter opens the
    /// selected one's detail).
    package mutating func handle(_ key: Key, rows: [InspectorModel.Row]) -> Outcome {
        if detailID != nil {
            switch key {
            case .escape, .enter: detailID = nil
            default: return .ignored
            }
            return .handled
        }
        if key == .enter, !isEditingFilter {
            detailID = selectedID(in: rows)
            return .handled
        }
        return handle(key)
    }

    /// A key while it has the focus.
    package mutating func handle(_ key: Key) -> Outcome {
        if isEditingFilter { return editFilter(key) }
        let page = max(1, visibleRows - 1)
        switch key {
        case .up, .char("k"): scroll(by: 1)
        case .down, .char("j"): scroll(by: -1)
        case .pageUp: scroll(by: page)
        case .pageDown: scroll(by: -page)
        case .home: scroll(by: rowCount)
        case .end: scroll(by: -rowCount)
        case .char("/"):
            isEditingFilter = true
            filter.focus()
        case .escape:
            isFocused = false
        default:
            return .ignored
        }
        return .handled
    }

    /// In the filter's field: Enter keeps the filter, Esc clears it; the rest edits it. The rows
    /// narrow as it is typed, from the newest.
    private mutating func editFilter(_ key: Key) -> Outcome {
        switch key {
        case .enter:
            isEditingFilter = false
        case .escape:
            filter.clear()
            isEditingFilter = false
            scroll = 0
            selected = 0
        default:
            let before = filter.text
            // A field takes every printable key and its editing keys; the shell keeps the rest
            // (Ctrl-C, F1).
            guard filter.handle(key) else { return .ignored }
            if filter.text != before { (scroll, selected) = (0, 0) }
        }
        return .handled
    }
}
