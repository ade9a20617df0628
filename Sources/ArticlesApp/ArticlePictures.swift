import AppShell
import ArticleDetails
import Core
import Imaging
import TUI

/// The header images loaded so far, as the views draw them: in the terminal's colour mode,
/// scaled to the area they are given (area averaging, proportions kept, a cell twice as tall as
/// wide: `HalfBlockLayout`), with `HalfBlockImage`. See Docs/images.md, "In the app".
package struct ArticlePictures {
    package var loading: PictureLoading
    package var colorMode: ColorMode
    package var background = TerminalBackground.dark

    package static let none = ArticlePictures(loading: PictureLoading(), colorMode: .xterm256)

    package func picture(for url: String) -> Picture? { loading.picture(for: url) }

    /// Draws `picture` as large as fits in `box`, centred.
    package func draw(_ picture: Picture, in box: Rect, on canvas: inout Canvas) {
        guard !box.isEmpty else { return }
        let bitmap = picture.bitmap
        let layout = HalfBlockLayout(imageWidth: bitmap.width, imageHeight: bitmap.height, columns: box.width, rows: box.height)
        let scaled = ImageScaler.resize(bitmap, width: layout.pixelWidth, height: layout.pixelHeight)
        var image = HalfBlockImage(width: scaled.width, height: scaled.height, rgba: scaled.pixels, matte: .black, colorMode: colorMode)
        image.background = background
        image.draw(in: box, on: &canvas)
    }
}
