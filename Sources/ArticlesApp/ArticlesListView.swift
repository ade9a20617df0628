import AppShell
import ArticleDetails
import Articles
import Contract
import Core
import TUI

/// The article list: a header (title, count, sync state), the messages about the sync, and the
/// rows — or, with nothing to show, a centred loading or empty message.
package struct ArticlesListView: StatefulWidget {
    /// Each row: the title line, two lines of description, one blank line between rows.
    package static let rowHeight = 4

    /// A row's thumbnail in a list `width` columns wide: 4 × 2 cells up to 99 columns, then
    /// wider and three rows tall, growing with the terminal up to 12 × 3 (the picture keeps its
    /// proportions inside).
    package static func thumbnailSize(forWidth width: Int) -> Size {
        width < 100 ? Size(width: 4, height: 2) : Size(width: min(12, width / 12), height: 3)
    }


    package var articles: ArticlesState
    package var status: ArticlesStatus
    /// The header images downloaded so far, drawn as thumbnails.
    package var pictures: ArticlePictures = .none
    /// Where the rows' laid-out text is kept between frames.
    package var layouts: ArticleTextLayouts = .shared
    /// The filter's row and what it narrows the list to, while there is one.
    package var filter: FilterShown?

    /// The filter as the list shows it: its matches, its field, whether the field has the keys.
    package struct FilterShown {
        package var filter: ArticlesFilter
        package var field: TextFieldState
        package var isEditing: Bool
    }

    /// How the list's area divides: the header and rule, the messages about the sync (each in
    /// its rectangle), and the rows. Drawing and the feature's layout event both read it, so
    /// what is counted as fitting is what is drawn (Docs/architecture.md, "Drawing draws").
    package struct Layout {
        package var messages: [(block: TextBlock, rect: Rect)] = []
        /// Where the rows (or, with none, the loading or empty message) go.
        package var rows: Rect
        /// Each row's thumbnail, in cells.
        package var thumbnail: Size

        /// The filter's row, under the rule, while there is a filter.
        package var filterRow: Rect?

        package init(in rect: Rect, articles state: ArticlesState, status: ArticlesStatus, showsFilter: Bool = false) {
            let area = rect.inset(horizontal: 1, vertical: 0)
            var y = area.y + 2
            if showsFilter {
                filterRow = Rect(x: area.x, y: y, width: area.width, height: 1).intersection(area)
                y += 1
            }
            for block in ArticlesListView.messageBlocks(state, status: status) {
                let blockRect = Rect(x: area.x, y: y, width: area.width, height: max(0, area.maxY - y))
                messages.append((block, blockRect))
                y += block.rowsUsed(in: blockRect)
            }
            if !messages.isEmpty { y += 1 }
            rows = Rect(x: rect.x, y: y, width: rect.width, height: max(0, rect.maxY - y))
            thumbnail = ArticlesListView.thumbnailSize(forWidth: rect.width)
        }

        /// How many articles fit.
        package var visibleRows: Int { ScrollList(rowHeight: ArticlesListView.rowHeight) { _, _ in }.visibleRows(height: rows.height) }
    }

    /// The messages between the header and the rows: the sync's, a stored list that could not be
    /// read, a notice.
    package static func messageBlocks(_ state: ArticlesState, status: ArticlesStatus) -> [TextBlock] {
        let isEmptyFailure = state.articles.isEmpty && status.hasFailed
        var messages: [TextBlock] = []
        if let message = status.message, !isEmptyFailure {
            messages.append(TextBlock(message, style: ArticlesStatus.messageStyle, maxLines: 2))
        }
        if let memoryOnly = state.memoryOnlyMessage {
            messages.append(TextBlock(memoryOnly, style: ArticlesStatus.messageStyle, maxLines: 2))
        }
        if let unreadable = state.unreadableMessage {
            messages.append(TextBlock(unreadable, style: .dim, maxLines: 1))
        }
        if let notice = state.notice {
            messages.append(TextBlock(notice, style: .bold, maxLines: 3))
        }
        return messages
    }

    /// Draws the list into `rect` from `list` (the selection and scroll), which the layout event
    /// has already told how many rows fit.
    /// Draws; returns where the cursor goes (the filter's, while it is typed in).
    @discardableResult
    package func draw(in rect: Rect, on canvas: inout Canvas, state list: ListState) -> Point? {
        let state = articles
        let area = rect.inset(horizontal: 1, vertical: 0)
        let count = filter?.filter.headerText(total: state.listTotal)
        ArticlesStatus.drawHeader(
            left: [("Articles", .bold), (" · ", .dim), (count ?? state.countText, .plain)], status: status,
            in: area.row(0), on: &canvas)
        ArticlesStatus.drawRule(in: rect.row(1), on: &canvas)

        let layout = Layout(in: rect, articles: state, status: status, showsFilter: filter != nil)
        var cursor: Point?
        if let filter, let row = layout.filterRow {
            cursor = Self.drawFilter(filter, in: row, on: &canvas)
        }
        for (block, blockRect) in layout.messages {
            block.draw(in: blockRect, on: &canvas)
        }
        let listArea = layout.rows
        if state.articles.isEmpty {
            Self.drawEmpty(state, status: status, in: listArea.inset(horizontal: 2, vertical: 0), on: &canvas)
            return cursor
        }
        let shown = filter?.filter ?? ArticlesFilter()
        if let filter, shown.matches?.isEmpty == true {
            TextBlock("No article matches \u{201C}\(filter.filter.query)\u{201D}.", style: .dim, alignment: .center)
                .draw(in: listArea.inset(horizontal: 2, vertical: 1), on: &canvas)
            return cursor
        }
        var list = list
        list.count = shown.rowCount(of: state.articles.count)
        let layouts = self.layouts, pictures = self.pictures, thumbnail = layout.thumbnail
        // The wheel moves the selection as ↑/↓ do; a click on a row is the row's.
        canvas.addHitRegion(listArea, KeyTarget.scroll())
        ScrollList(rowHeight: Self.rowHeight) { row, canvas in
            guard let index = shown.articleIndex(atRow: row.index), state.articles.indices.contains(index) else { return }
            Self.drawRow(
                state.articles[index], row: row, on: &canvas, layouts: layouts, pictures: pictures, thumbnail: thumbnail)
            // The title and the description, not the blank row between articles.
            canvas.addHitRegion(row.rect.inset(bottom: 1), ArticlesTarget.row(row.index))
        }.draw(in: listArea, on: &canvas, state: list)
        return cursor
    }

    /// The filter's row, as the network inspector's: "find", the field, and while it is typed in
    /// what Enter and Esc do. Returns the field's cursor while it has the keys.
    package static func drawFilter(_ filter: FilterShown, in row: Rect, on canvas: inout Canvas) -> Point? {
        let x = canvas.put("find ", at: row.origin, style: .dim, clipTo: row)
        let hint = filter.isEditing ? "  Enter keep · Esc clear" : "  / to change"
        let hintWidth = row.maxX - x > DisplayWidth.of(hint) + 10 ? DisplayWidth.of(hint) : 0
        let field = Rect(x: x, y: row.y, width: max(1, row.maxX - x - hintWidth), height: 1).intersection(row)
        let cursor = TextField(filter.field, isFocused: filter.isEditing).draw(in: field, on: &canvas)
        if hintWidth > 0 { canvas.put(hint, at: Point(x: field.maxX, y: row.y), style: .dim, clipTo: row) }
        return filter.isEditing ? cursor : nil
    }

    /// One article: marker, thumbnail, title (bold; reversed when selected) with the release date
    /// on the right, and the first two lines of the description.
    package static func drawRow(
        _ article: Article, row: ScrollList.Row, on canvas: inout Canvas, layouts: ArticleTextLayouts = .shared,
        pictures: ArticlePictures = .none, thumbnail size: Size = thumbnailSize(forWidth: 80)
    ) {
        let rect = row.rect
        if row.isSelected {
            canvas.put("▸", at: rect.origin, style: .bold, clipTo: rect)
        }
        let thumbnail = Rect(origin: Point(x: rect.x + 2, y: rect.y), size: size)
        ArticleThumbnail(image: HeaderImage(url: article.image), picture: pictures.picture(for: article.image), pictures: pictures)
            .draw(in: thumbnail.intersection(rect), on: &canvas)

        let text = rect.inset(left: 2 + size.width + 2, right: 1)
        guard !text.isEmpty else { return }
        let titleRow = text.row(0)
        // Only the title itself is reversed, not the whole line: a move then rewrites two short
        // titles instead of two full-width lines (fewer bytes to the terminal than dialog's ↓).
        let highlight = row.isSelected ? Style(bold: true, reverse: true) : .bold
        let date = ArticleDate.string(from: article.releaseDate)
        let dateWidth = DisplayWidth.of(date)
        let showsDate = titleRow.width >= dateWidth + 12
        let titleWidth = showsDate ? titleRow.width - dateWidth - 2 : titleRow.width
        // Laid out once per article and width, not on every frame (ArticleTextLayouts).
        let layout = layouts.row(article, titleWidth: titleWidth, width: text.width, maxLines: 2)
        canvas.put(layout.title, at: titleRow.origin, style: highlight, clipTo: titleRow)
        if showsDate {
            canvas.put(date, at: Point(x: titleRow.maxX - dateWidth, y: titleRow.y), style: .dim, clipTo: titleRow)
        }
        for (index, line) in layout.description.enumerated() {
            canvas.put(line, at: Point(x: text.x, y: text.y + 1 + index), clipTo: text)
        }
    }

    /// No article to show: a spinner while the first sync runs, otherwise why there is none and
    /// (after a failure) the error and what to do.
    package static func drawEmpty(_ state: ArticlesState, status: ArticlesStatus, in area: Rect, on canvas: inout Canvas) {
        guard let empty = state.emptyMessage, !area.isEmpty else { return }
        var blocks: [TextBlock] = []
        if status.isRunning || state.sync == .idle {
            blocks.append(TextBlock("\(status.spinnerFrame) \(empty)", alignment: .center))
        } else {
            blocks.append(TextBlock(empty, style: .bold, alignment: .center))
            if let message = status.message {
                blocks.append(TextBlock(message, style: ArticlesStatus.messageStyle, alignment: .center))
            }
        }
        let heights = blocks.map { $0.height(forWidth: area.width) }
        let total = heights.reduce(0, +) + blocks.count - 1
        var y = area.y + max(0, (area.height - total) / 2)
        for (block, height) in zip(blocks, heights) {
            block.draw(in: Rect(x: area.x, y: y, width: area.width, height: min(height, area.maxY - y)), on: &canvas)
            y += height + 1
        }
    }
}
