import TUI

/// Draws the network inspector in its own part of the terminal (`ShellLayout`: below the screen,
/// or beside it on a wide terminal): a title rule, the filter while there is one, a column header,
/// then the newest requests that fit, newest last. The screen keeps the rest, whole.
///
/// The title is reversed while it has the keys. ↑↓, PgUp/PgDn, Home/End and the wheel scroll it
/// back through older requests (`InspectorState.scroll`, rows back from the newest); the title
/// then says how many newer ones are below.
package struct InspectorPanel: Widget {
    /// The rows the filter lets through, oldest first.
    package var rows: [InspectorModel.Row]
    /// Every row, filtered or not (the title counts both).
    package var total: Int
    package var state: InspectorState
    /// Beside the screen (a rule down its left edge) rather than below it (its title rule on top).
    package var isBeside = false
    /// One request in full (Enter on a row), drawn in place of the rows.
    package var detail: InspectorDetail?

    /// Its hit-map targets: a click on it gives it the keys, the wheel scrolls it (clicks on it
    /// reach nothing under it); the "n hide" hint hides it, even while a text field would take
    /// the `n`.
    package enum Target: Hashable, Sendable { case history, hide }

    /// Rows one wheel step scrolls.
    package static let wheelStep = 3

    /// Where the rows go in `area`: under the title, the filter line (while there is a filter)
    /// and the column header; right of the rule when beside.
    package static func list(in area: Rect, state: InspectorState, isBeside: Bool) -> Rect {
        let content = isBeside ? area.inset(left: 1) : area
        let filterRows = state.isEditingFilter || !state.filterText.isEmpty ? 1 : 0
        return content.inset(top: 2 + filterRows, left: 1, bottom: 0, right: 1)
    }

    /// The rows of history that fit.
    package static func visibleRows(in area: Rect, state: InspectorState, isBeside: Bool) -> Int {
        max(0, list(in: area, state: state, isBeside: isBeside).height)
    }

    /// Column widths for a row `width` wide; the path takes what is left. Below 72 columns the
    /// time goes (the path matters more).
    package struct Columns: Hashable {
        package var time: Int
        package var method = 4
        package var path: Int
        package var status = 9
        package var duration = 7
        package var attempt = 3
        package var retry = 9

        package init(width: Int) {
            time = width >= 72 ? 8 : 0
            let fixed = (time > 0 ? time + 1 : 0) + method + 1 + 1 + status + 1 + duration + 1 + attempt + 1 + retry
            path = max(4, width - fixed)
        }
    }

    /// One row as text, columns padded (the snapshot tests read exactly this).
    package static func text(_ row: InspectorModel.Row, columns: Columns) -> String {
        cells(row, columns: columns).map(\.text).joined()
    }

    private static func cells(_ row: InspectorModel.Row, columns: Columns) -> [(text: String, style: Style)] {
        let statusStyle: Style
        switch row.kind {
        case .pending: statusStyle = Style(foreground: .yellow)
        case .success: statusStyle = Style(foreground: .green)
        case .failure: statusStyle = Style(foreground: .red, bold: true)
        }
        var cells: [(String, Style)] = []
        if columns.time > 0 { cells.append((pad(row.time, columns.time) + " ", .dim)) }
        cells += [
            (pad(row.method, columns.method) + " ", .plain),
            (pad(row.path, columns.path) + " ", .plain),
            (pad(row.status, columns.status) + " ", statusStyle),
            (pad(row.duration, columns.duration, right: true) + " ", .plain),
            (pad(row.attempt, columns.attempt, right: true) + " ", .dim),
            (pad(row.retry, columns.retry), row.kind == .failure ? .bold : .dim),
        ]
        return cells.map { (text: $0.0, style: $0.1) }
    }

    package static func header(columns: Columns) -> String {
        var text = columns.time > 0 ? pad("time", columns.time) + " " : ""
        text += pad("verb", columns.method) + " " + pad("path", columns.path) + " " + pad("status", columns.status) + " "
        text += pad("took", columns.duration, right: true) + " " + pad("try", columns.attempt, right: true) + " "
        return text + pad("next", columns.retry)
    }

    /// Draws into `area`; returns where the cursor goes (the filter's, while it is typed).
    @discardableResult
    package func draw(in area: Rect, on canvas: inout Canvas) -> Point? {
        guard area.height >= 2, area.width >= 20 else { return nil }
        canvas.fill(area, style: .plain)
        canvas.addHitRegion(area, Target.history)
        let content = isBeside ? area.inset(left: 1) : area
        if isBeside {
            canvas.fill(Rect(x: area.x, y: area.y, width: 1, height: area.height), with: "│", style: .dim)
        }
        let visible = Self.visibleRows(in: area, state: state, isBeside: isBeside)
        let scroll = min(max(0, state.scroll), max(0, rows.count - visible))
        let count = InspectorModel.summary(rows, of: rows.count == total ? nil : total)
        let title = " Network · \(count)\(scroll > 0 ? " · ↓ \(scroll) newer" : "") "
        let hint = " n hide "
        let titleRow = content.row(0)
        canvas.put(String(repeating: state.isFocused ? "━" : "─", count: titleRow.width), at: titleRow.origin, style: .dim, clipTo: titleRow)
        let titleStyle = state.isFocused ? Style(bold: true, reverse: true) : .bold
        canvas.put(title, at: Point(x: titleRow.x + 1, y: titleRow.y), style: titleStyle, clipTo: titleRow)
        let hintX = titleRow.maxX - DisplayWidth.of(hint) - 1
        canvas.put(hint, at: Point(x: hintX, y: titleRow.y), style: .dim, clipTo: titleRow)
        canvas.addHitRegion(Rect(x: hintX + 1, y: titleRow.y, width: DisplayWidth.of(hint) - 2, height: 1), Target.hide, clipTo: titleRow)

        var y = titleRow.y + 1
        let inner = content.inset(left: 1, right: 1)
        if let detail {
            let body = Rect(x: inner.x, y: y, width: inner.width, height: max(0, inner.maxY - y))
            let wrapped = detail.lines.flatMap { $0.isEmpty ? [""] : TextLayout.lines($0, width: max(1, body.width)) }
            let fits = wrapped.count <= body.height ? wrapped : Array(wrapped.prefix(max(0, body.height - 1))) + ["…"]
            for (offset, line) in fits.enumerated() {
                canvas.put(line, at: Point(x: body.x, y: body.y + offset), style: offset == 0 ? .bold : .plain, clipTo: body)
            }
            return nil
        }
        var cursor: Point?
        if state.isEditingFilter || !state.filterText.isEmpty {
            let row = Rect(x: inner.x, y: y, width: inner.width, height: 1).intersection(inner)
            let label = "filter "
            let x = canvas.put(label, at: row.origin, style: .dim, clipTo: row)
            let hint = state.isEditingFilter ? "  Enter keep · Esc clear" : ""
            let field = Rect(x: x, y: y, width: max(1, row.maxX - x - DisplayWidth.of(hint)), height: 1).intersection(row)
            cursor = TextField(state.filter, isFocused: state.isEditingFilter).draw(in: field, on: &canvas)
            canvas.put(hint, at: Point(x: field.maxX, y: y), style: .dim, clipTo: row)
            y += 1
        }
        let columns = Columns(width: inner.width)
        canvas.put(Self.header(columns: columns), at: Point(x: inner.x, y: y), style: .dim, clipTo: inner)
        let list = Self.list(in: area, state: state, isBeside: isBeside)
        guard list.height > 0 else { return cursor }
        if rows.isEmpty {
            let empty = total == 0 ? "No requests yet: open a challenge." : "No request matches \u{201C}\(state.filterText)\u{201D}."
            canvas.put(empty, at: list.origin, style: .dim, clipTo: list)
            return cursor
        }
        // The last rows that fit, `scroll` rows back from the newest; the selected one reversed.
        let shown = rows.dropLast(scroll).suffix(list.height)
        let selectedOffset = shown.count - 1 - (state.selected - scroll)
        for (offset, row) in shown.enumerated() {
            var x = list.x
            if state.isFocused, offset == selectedOffset {
                canvas.fill(Rect(x: list.x, y: list.y + offset, width: list.width, height: 1), style: .reverse)
            }
            for cell in Self.cells(row, columns: columns) {
                // The selected row reversed in the terminal's own colours: a reversed colour
                // (a green status, a dim time) may not read on every terminal's palette.
                let isSelected = state.isFocused && offset == selectedOffset
                let style = isSelected ? Style(bold: cell.style.bold, reverse: true) : cell.style
                x = canvas.put(cell.text, at: Point(x: x, y: list.y + offset), style: style, clipTo: list)
            }
        }
        return cursor
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let cut = TextLayout.truncate(text, width: width)
        let space = String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
        return right ? space + cut : cut + space
    }
}
