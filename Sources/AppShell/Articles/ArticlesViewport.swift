import ArticleDetails

/// What fits in the articles screen's area, as the layout event tells the reducer: the list's
/// rows, the open article's description window, and the pictures on screen (most wanted first),
/// which decide what is downloaded (Docs/images.md).
struct ArticlesViewport: Hashable, Sendable {
    /// Articles that fit in the list.
    var listRows: Int
    /// Lines of the description that fit, and lines in all.
    var bodyLines: Int
    var bodyTotalLines: Int
    /// The header images of the rows (or the page) on screen.
    var images: [String]
    /// The box they are drawn in, in pixels: the thumbnails' or the page's picture's.
    var imageBox: PictureSize
}
