/// What changes the header images' loading (`PictureLoading.reduce`).
public enum PictureEvent: Hashable, Sendable {
    /// The image URLs on screen now, most wanted first (the detail page's header, or the list's
    /// visible rows top to bottom), and the box they are drawn in. Anything queued but no longer
    /// on screen is dropped.
    case shown([String], box: PictureSize = Picture.keptBox)
    /// A download (or the cache) gave a picture.
    case loaded(url: String, Picture)
    /// Attempt `attempt` gave no picture.
    case failed(url: String, attempt: Int, PictureFailure)
    /// The wait before a URL's retry is over.
    case retryDue(url: String)
    /// The screen was left: its downloads and timers are cancelled.
    case left
}
