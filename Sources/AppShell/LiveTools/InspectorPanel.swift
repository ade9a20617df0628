import TUI

/// Draws the network inspector: a band across the bottom of the screen's area, over whatever
/// the screen drew there (the top of the screen stays visible). A title rule, a column header,
/// then the newest requests that fit, newest last.
struct InspectorPanel: Widget {
    var rows: [InspectorModel.Row]

    /// The band's height in `area`: about a third of it (8 rows at 80×24, 7 at 60×20).
    static func height(in area: Rect) -> Int {
        min(area.height, max(4, min(10, area.height / 3 + 1)))
    }

    /// The band's rectangle at the bottom of `area`.
    static func frame(in area: Rect) -> Rect {
        area.divided(height(in: area), from: .bottom).slice
    }

    /// Column widths for a row `width` wide; the path takes what is left. Below 72 columns the
    /// time goes (the path matters more).
    struct Columns: Hashable {
        var time: Int
        var method = 4
        var path: Int
        var status = 9
        var duration = 7
        var attempt = 3
        var retry = 9

        init(width: Int) {
            time = width >= 72 ? 8 : 0
            let fixed = (time > 0 ? time + 1 : 0) + method + 1 + 1 + status + 1 + duration + 1 + attempt + 1 + retry
            path = max(4, width - fixed)
        }
    }

    /// One row as text, columns padded (the snapshot tests read exactly this).
    static func text(_ row: InspectorModel.Row, columns: Columns) -> String {
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

    static func header(columns: Columns) -> String {
        var text = columns.time > 0 ? pad("time", columns.time) + " " : ""
        text += pad("verb", columns.method) + " " + pad("path", columns.path) + " " + pad("status", columns.status) + " "
        text += pad("took", columns.duration, right: true) + " " + pad("try", columns.attempt, right: true) + " "
        return text + pad("next", columns.retry)
    }

    func draw(in area: Rect, on canvas: inout Canvas) {
        let band = Self.frame(in: area)
        guard band.height >= 2, band.width >= 20 else { return }
        canvas.fill(band, style: .plain)
        let title = " Network · \(InspectorModel.summary(rows)) "
        let hint = " n hide "
        canvas.put(String(repeating: "─", count: band.width), at: band.origin, style: .dim, clipTo: band)
        canvas.put(title, at: Point(x: band.x + 1, y: band.y), style: .bold, clipTo: band)
        canvas.put(hint, at: Point(x: band.maxX - DisplayWidth.of(hint) - 1, y: band.y), style: .dim, clipTo: band)

        let content = band.inset(top: 1, left: 1, bottom: 0, right: 1)
        let columns = Columns(width: content.width)
        canvas.put(Self.header(columns: columns), at: content.origin, style: .dim, clipTo: content)
        let list = content.inset(top: 1)
        guard list.height > 0 else { return }
        if rows.isEmpty {
            canvas.put(
                "No requests yet: open a challenge.",
                at: list.origin, style: .dim, clipTo: list)
            return
        }
        // Scrolled to the newest: the last rows that fit.
        for (offset, row) in rows.suffix(list.height).enumerated() {
            var x = list.x
            for cell in Self.cells(row, columns: columns) {
                x = canvas.put(cell.text, at: Point(x: x, y: list.y + offset), style: cell.style, clipTo: list)
            }
        }
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let cut = TextLayout.truncate(text, width: width)
        let space = String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
        return right ? space + cut : cut + space
    }
}
