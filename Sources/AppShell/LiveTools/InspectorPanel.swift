import TUI

/// Draws the network inspector: a band across the bottom of the screen's area, over whatever
/// the screen drew there (the top of the screen stays visible). A title rule, a column header,
/// then the newest requests that fit, newest last.
///
/// The wheel scrolls it back through older requests (`scroll`: rows back from the newest); the
/// title then says how many newer ones are below.
struct InspectorPanel: Widget {
    var rows: [InspectorModel.Row]
    /// Rows back from the newest (0: the newest row is the last one shown).
    var scroll = 0

    /// Its hit-map targets: the wheel over the band scrolls it (clicks on it reach nothing under
    /// it); the "n hide" hint hides it, even while a text field would take the `n`.
    enum Target: Hashable, Sendable { case history, hide }

    /// Rows one wheel step scrolls.
    static let wheelStep = 3

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

    /// The rows of history that fit under the band's title and column header.
    static func visibleRows(in area: Rect) -> Int { max(0, frame(in: area).height - 2) }

    /// `scroll` kept between the newest row and the oldest screenful.
    func clampedScroll(in area: Rect) -> Int {
        min(max(0, scroll), max(0, rows.count - Self.visibleRows(in: area)))
    }

    func draw(in area: Rect, on canvas: inout Canvas) {
        let band = Self.frame(in: area)
        guard band.height >= 2, band.width >= 20 else { return }
        canvas.fill(band, style: .plain)
        canvas.addHitRegion(band, Target.history)
        let scroll = clampedScroll(in: area)
        let title = " Network · \(InspectorModel.summary(rows))\(scroll > 0 ? " · ↓ \(scroll) newer" : "") "
        let hint = " n hide "
        canvas.put(String(repeating: "─", count: band.width), at: band.origin, style: .dim, clipTo: band)
        canvas.put(title, at: Point(x: band.x + 1, y: band.y), style: .bold, clipTo: band)
        let hintX = band.maxX - DisplayWidth.of(hint) - 1
        canvas.put(hint, at: Point(x: hintX, y: band.y), style: .dim, clipTo: band)
        canvas.addHitRegion(Rect(x: hintX + 1, y: band.y, width: DisplayWidth.of(hint) - 2, height: 1), Target.hide, clipTo: band)

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
        // The last rows that fit, `scroll` rows back from the newest.
        for (offset, row) in rows.dropLast(scroll).suffix(list.height).enumerated() {
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
