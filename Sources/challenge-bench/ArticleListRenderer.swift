import ArticleDetails
import Articles
import Contract
import TUI

/// Draws an article list onto an 80×24 canvas the way the articles screen does (header, rule,
/// `ScrollList` of four-line rows: title with the date on the right, two lines of description),
/// then diffs the frame against the previous one as the ncurses backend does before it
/// writes. Used in process, so the cost of a frame can be timed at 60 and at 100,000 articles.
struct ArticleListRenderer {
    let articles: [Article]
    var list: ListState
    private(set) var previous: Canvas
    let size = Size(width: 80, height: 24)

    init(sortedArticles: [Article]) {
        articles = sortedArticles
        list = ListState(count: sortedArticles.count)
        previous = Canvas(size: size)
    }

    /// Draws a frame; returns how many cells differ from the previous one (what a terminal
    /// would be sent).
    @discardableResult
    mutating func frame() -> Int {
        var canvas = Canvas(size: size)
        let rect = canvas.bounds
        canvas.put("Articles · \(articles.count) articles", at: Point(x: 1, y: 0), style: .bold)
        canvas.fill(rect.row(1), with: "─", style: .dim)
        let listArea = Rect(x: 0, y: 2, width: rect.width, height: rect.height - 3)
        let articles = self.articles
        ScrollList(rowHeight: 4).draw(&list, in: listArea, on: &canvas) { row, canvas in
            Self.drawRow(articles[row.index], row: row, on: &canvas)
        }
        KeyBar([("↑↓", "move"), ("Enter", "open"), ("r", "sync"), ("q", "leave")]).draw(in: rect.row(rect.height - 1), on: &canvas)
        var changed = 0
        for y in 0..<size.height {
            for x in 0..<size.width where canvas[x, y] != previous[x, y] { changed += 1 }
        }
        previous = canvas
        return changed
    }

    mutating func move(_ move: ListState.Move) -> Int {
        list.move(move)
        return frame()
    }

    private static func drawRow(_ article: Article, row: ScrollList.Row, on canvas: inout Canvas) {
        let rect = row.rect
        if row.isSelected { canvas.put("▸", at: rect.origin, style: .bold, clipTo: rect) }
        let text = rect.inset(left: 12, right: 1)
        guard !text.isEmpty else { return }
        let titleRow = text.row(0)
        let highlight = row.isSelected ? Style(bold: true, reverse: true) : .bold
        if row.isSelected { canvas.fill(titleRow, style: highlight) }
        let date = ArticleDate.string(from: article.releaseDate)
        let dateWidth = DisplayWidth.of(date)
        canvas.put(TextLayout.truncate(article.title, width: titleRow.width - dateWidth - 2), at: titleRow.origin, style: highlight, clipTo: titleRow)
        canvas.put(date, at: Point(x: titleRow.maxX - dateWidth, y: titleRow.y), style: row.isSelected ? Style(reverse: true) : .dim, clipTo: titleRow)
        for (index, line) in TextLayout.lines(article.description, width: text.width, maxLines: 2).enumerated() {
            canvas.put(line, at: Point(x: text.x, y: text.y + 1 + index), clipTo: text)
        }
    }
}
