import AppShell
import ArticleDetails
import Core
import TUI

extension RGB {
    /// The same colour in the terminal toolkit's type.
    package init(_ color: ImageColor) {
        self.init(color.red, color.green, color.blue)
    }
}

/// Draws header images from what their URL describes: a dummyimage picture as a solid block of
/// its background colour with its label centred in its text colour; anything else as a framed
/// placeholder naming its host.
///
/// The block is made of `█` in the background colour on the background colour: in colour it is
/// a solid area, and with NO_COLOR it is still a visible block with the label cut out of it.
package enum ArticleImageView {
    /// The block's style: solid in the image's colour.
    package static func blockStyle(_ color: ImageColor) -> Style {
        Style(foreground: RGB(color), background: RGB(color))
    }

    package static func drawLabel(_ label: String, in row: Rect, style: Style, on canvas: inout Canvas) {
        var text = TextLayout.truncate(label, width: row.width)
        // A space either side keeps the label off the block's edge where there is room.
        if DisplayWidth.of(text) + 2 <= row.width { text = " \(text) " }
        let x = row.x + TextLayout.offset(of: DisplayWidth.of(text), in: row.width, alignment: .center)
        canvas.put(text, at: Point(x: x, y: row.y), style: style, clipTo: row)
    }

    /// A dim frame: a plain box, or a line of `─` when there is no room for one.
    package static func drawFrame(in rect: Rect, on canvas: inout Canvas) {
        if rect.width >= 2, rect.height >= 2 {
            Frame(border: .plain, style: .dim).draw(in: rect, on: &canvas)
        } else {
            canvas.fill(rect, with: "░", style: .dim)
        }
    }
}

/// A list row's thumbnail in its box (`ArticlesListView.thumbnailSize(forWidth:)`): the
/// downloaded picture once it is there, as large as fits with its proportions kept; until then
/// (or when it can't be had) a swatch of the image's background colour filling the box, or a
/// neutral framed block for an image that is not a dummyimage picture.
package struct ArticleThumbnail: Widget {
    package var image: HeaderImage
    package var picture: Picture? = nil
    package var pictures: ArticlePictures = .none

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        guard !rect.isEmpty else { return }
        if let picture {
            pictures.draw(picture, in: rect, on: &canvas)
            return
        }
        switch image {
        case .dummyImage(let picture):
            // A swatch of its colour standing for the picture until it comes.
            canvas.fill(rect, with: "█", style: ArticleImageView.blockStyle(picture.background))
        case .placeholder:
            ArticleImageView.drawFrame(in: rect, on: &canvas)
        }
    }
}

/// The detail page's header image, as large as fits in its area with its proportions kept (a
/// cell counts as twice as tall as wide), centred horizontally at the top of the area. A label
/// wider than a narrow picture goes under it as a caption. The downloaded picture, once there,
/// takes the same rows as what the URL says, so the page never jumps when it arrives.
package struct ArticleHeaderImage: Widget {
    package var image: HeaderImage
    package var picture: Picture? = nil
    package var pictures: ArticlePictures = .none

    /// The rows `draw(in:on:)` uses in `area`: the same with or without the picture.
    package func rowsUsed(in area: Rect) -> Int {
        let needsCaption = image.fitted(inColumns: area.width, rows: area.height).columns < DisplayWidth.of(image.label)
        let fitted = image.fitted(inColumns: area.width, rows: needsCaption ? area.height - 1 : area.height)
        guard fitted.columns > 0, fitted.rows > 0 else { return 0 }
        return fitted.rows + (needsCaption ? 1 : 0)
    }

    /// Returns the rows used.
    @discardableResult
    package func draw(in area: Rect, on canvas: inout Canvas) -> Int {
        let needsCaption = image.fitted(inColumns: area.width, rows: area.height).columns < DisplayWidth.of(image.label)
        let fitted = image.fitted(inColumns: area.width, rows: needsCaption ? area.height - 1 : area.height)
        guard fitted.columns > 0, fitted.rows > 0 else { return 0 }
        let rect = Rect(
            x: area.x + (area.width - fitted.columns) / 2, y: area.y,
            width: fitted.columns, height: fitted.rows)
        let rowsUsed = fitted.rows + (needsCaption ? 1 : 0)
        let labelRow = needsCaption ? Rect(x: area.x, y: rect.maxY, width: area.width, height: 1) : rect.row(rect.height / 2)
        if let picture {
            // Without colour a picture is shades of one ink: its label still says what it is.
            let labelled = pictures.colorMode == .none
            let pictureRows = labelled && needsCaption ? fitted.rows : rowsUsed
            pictures.draw(picture, in: Rect(x: area.x, y: area.y, width: area.width, height: pictureRows), on: &canvas)
            if labelled { ArticleImageView.drawLabel(image.label, in: labelRow, style: needsCaption ? .dim : Style(bold: true, reverse: true), on: &canvas) }
            return rowsUsed
        }
        switch image {
        case .dummyImage(let picture):
            canvas.fill(rect, with: "█", style: ArticleImageView.blockStyle(picture.background))
            let onPicture = Style(foreground: RGB(picture.foreground), background: RGB(picture.background))
            ArticleImageView.drawLabel(picture.label, in: labelRow, style: needsCaption ? .dim : onPicture, on: &canvas)
        case .placeholder(let host):
            ArticleImageView.drawFrame(in: rect, on: &canvas)
            let inside = !needsCaption && rect.height > 2 ? labelRow.inset(left: 1, right: 1) : labelRow
            ArticleImageView.drawLabel(host, in: inside, style: .dim, on: &canvas)
        }
        return rowsUsed
    }

    /// The label centred on its row, cut with "…" when the picture is narrower than it.
}
