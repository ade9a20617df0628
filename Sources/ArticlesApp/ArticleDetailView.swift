import AppShell
import ArticleDetails
import Core
import TUI

/// One article's page: a back hint, the header image, the title, the author's e-mail and the
/// release date, then the full description, scrollable when it doesn't fit.
package struct ArticleDetailView: StatefulWidget {
    package var detail: ArticleDetail
    package var status: ArticlesStatus
    package var pictures: ArticlePictures = .none

    /// The tallest the header image gets, whatever the terminal's size.
    package static let maxImageRows = 20

    /// The widest the page's column gets: a readable measure for the description (Docs/articles.md,
    /// "What you see"); on a wider terminal the picture, title, byline and text keep to it, at
    /// the left under ‹ Back.
    package static let readableWidth = 100

    /// The rows the picture gets whatever the text needs: 8 at 80×24, fewer on a smaller
    /// terminal.
    package static func leastImageRows(forHeight height: Int) -> Int {
        min(8, max(3, (height - 7) / 2))
    }

    /// How the page divides: the header image's area, the title's, the byline's row and the
    /// description's window. The picture gets the rows the text doesn't need — all of the
    /// description, up to half the page — at least `leastImageRows` and at most
    /// `maxImageRows`, its proportions kept. Drawing and the feature's layout event both read it
    /// (Docs/architecture.md, "Drawing draws").
    package struct Layout {
        package var content: Rect
        package var image: Rect
        package var imageRows: Int
        package var title: Rect
        package var bylineY: Int
        package var body: Rect

        package init(in rect: Rect, detail: ArticleDetail) {
            content = rect.inset(top: 2, left: 2, bottom: 0, right: 2)
            content.size.width = min(content.width, ArticleDetailView.readableWidth)
            let width = max(1, content.width)
            let titleRows = ArticleDetailView.titleBlock(detail).height(forWidth: width)
            let bylineRows = ArticleDetailView.bylineWidth(author: detail.author, date: detail.date) <= width ? 1 : 2
            let bodyRows = ArticleTextLayouts.shared.body(id: detail.id, text: detail.body, width: width).count
            // A blank row above the picture, under it, and over the description.
            let textRows = titleRows + bylineRows + min(bodyRows, content.height / 2) + 3
            let imageArea = min(
                ArticleDetailView.maxImageRows,
                max(ArticleDetailView.leastImageRows(forHeight: rect.height), content.height - textRows))
            image = Rect(x: content.x, y: content.y + 1, width: content.width, height: imageArea).intersection(content)
            imageRows = content.isEmpty ? 0 : ArticleHeaderImage(image: detail.image).rowsUsed(in: image)
            var y = image.y + imageRows + 1
            title = Rect(x: content.x, y: y, width: content.width, height: max(0, content.maxY - y))
            y += ArticleDetailView.titleBlock(detail).rowsUsed(in: title)
            bylineY = y
            y += ArticleDetailView.bylineRows(author: detail.author, date: detail.date, at: y, in: content)
            y += 1
            body = Rect(x: content.x, y: y, width: content.width, height: max(0, content.maxY - y))
        }

        /// The description's window and length: lines that fit (less the position line when it
        /// overflows) and lines in all.
        package func bodyLines(of detail: ArticleDetail) -> (visible: Int, total: Int) {
            guard !body.isEmpty else { return (1, 0) }
            let total = ArticleTextLayouts.shared.body(id: detail.id, text: detail.body, width: body.width).count
            let overflows = total > body.height && body.height >= 2
            return (overflows ? body.height - 1 : body.height, total)
        }
    }

    package static func titleBlock(_ detail: ArticleDetail) -> TextBlock {
        TextBlock(detail.title, style: .bold, maxLines: 2)
    }

    /// Draws the page into `rect` from `scroll` (the description's position), which the layout
    /// event has already told how many lines fit.
    package func draw(in rect: Rect, on canvas: inout Canvas, state scroll: TextScroll) {
        let header = rect.inset(horizontal: 1, vertical: 0)
        ArticlesStatus.drawHeader(left: [], status: status, in: header.row(0), on: &canvas)
        BackButton().draw(in: rect.row(0), on: &canvas)
        ArticlesStatus.drawRule(in: rect.row(1), on: &canvas)
        // The wheel anywhere on the page scrolls the description, three lines a step.
        canvas.addHitRegion(rect.inset(top: 2), KeyTarget.scroll(lines: 3))

        let layout = Layout(in: rect, detail: detail)
        guard !layout.content.isEmpty else { return }
        // The sync's state stays in the header; its long message is the list's.
        ArticleHeaderImage(image: detail.image, picture: pictures.picture(for: detail.imageURL), pictures: pictures)
            .draw(in: layout.image, on: &canvas)
        Self.titleBlock(detail).draw(in: layout.title, on: &canvas)
        Self.drawByline(author: detail.author, date: detail.date, at: layout.bylineY, in: layout.content, on: &canvas)
        var scroll = scroll
        let (visible, total) = layout.bodyLines(of: detail)
        scroll.layout(visibleLines: visible, totalLines: total)
        Self.drawBody(detail.body, id: detail.id, scroll: scroll, in: layout.body, on: &canvas)
    }

    /// The rows the byline takes at `y`: one, two when it doesn't fit on one, none below the page.
    package static func bylineRows(author: String, date: String, at y: Int, in content: Rect) -> Int {
        guard y < content.maxY else { return 0 }
        return bylineWidth(author: author, date: date) <= content.width ? 1 : 2
    }

    /// The byline's width on one line.
    package static func bylineWidth(author: String, date: String) -> Int {
        DisplayWidth.of(author) + DisplayWidth.of(bylineSeparator) + DisplayWidth.of(date)
    }

    private static let bylineSeparator = "  ·  "

    /// "author@example.com · Wed, Jul 8, '20" on one line, or on two when it doesn't fit.
    /// Returns the rows used.
    @discardableResult
    package static func drawByline(author: String, date: String, at y: Int, in content: Rect, on canvas: inout Canvas) -> Int {
        let separator = bylineSeparator
        let width = bylineWidth(author: author, date: date)
        guard y < content.maxY else { return 0 }
        if width <= content.width {
            var x = canvas.put(author, at: Point(x: content.x, y: y), clipTo: content)
            x = canvas.put(separator, at: Point(x: x, y: y), style: .dim, clipTo: content)
            canvas.put(date, at: Point(x: x, y: y), clipTo: content)
            return 1
        }
        canvas.put(TextLayout.truncate(author, width: content.width), at: Point(x: content.x, y: y), clipTo: content)
        canvas.put(date, at: Point(x: content.x, y: y + 1), clipTo: content)
        return 2
    }

    /// The description from the scroll position on; when it doesn't fit, the last row says where
    /// the reader is and which way there is more.
    package static func drawBody(_ text: String, id: Int, scroll: TextScroll, in area: Rect, on canvas: inout Canvas) {
        guard !area.isEmpty else { return }
        // Wrapped once per article and width, not on every scroll step (ArticleTextLayouts).
        let lines = ArticleTextLayouts.shared.body(id: id, text: text, width: area.width)
        let overflows = lines.count > area.height && area.height >= 2
        for (row, index) in scroll.visibleRange.enumerated() {
            canvas.put(lines[index], at: Point(x: area.x, y: area.y + row), clipTo: area)
        }
        guard overflows else { return }
        let position = positionText(scroll)
        let x = area.maxX - DisplayWidth.of(position)
        canvas.put(position, at: Point(x: max(area.x, x), y: area.maxY - 1), style: .dim, clipTo: area)
    }

    /// "↓ more · lines 1–9 of 24", "↑↓ more · lines 9–17 of 24", "↑ end · lines 16–24 of 24".
    package static func positionText(_ scroll: TextScroll) -> String {
        let arrows = switch (scroll.canScrollUp, scroll.canScrollDown) {
        case (false, _): "↓ more"
        case (true, true): "↑↓ more"
        case (true, false): "↑ end"
        }
        let range = scroll.visibleRange
        return "\(arrows) · lines \(range.lowerBound + 1)–\(range.upperBound) of \(scroll.totalLines)"
    }
}
