import AppShell
import ArticleDetails
import Core
import TUI

/// What fits in the articles screen's area, as the layout event tells the reducer: the list's
/// rows, the open article's description window, and the pictures on screen (most wanted first),
/// which decide what is downloaded (Docs/images.md).
package struct ArticlesViewport: Hashable, Sendable {
    /// Articles that fit in the list.
    package var listRows: Int
    /// Lines of the description that fit, and lines in all.
    package var bodyLines: Int
    package var bodyTotalLines: Int
    /// The header images of the rows (or the page) on screen.
    package var images: [String]
    /// The box they are drawn in, in pixels: the thumbnails' or the page's picture's.
    package var imageBox: PictureSize
}
