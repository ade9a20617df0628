import Core

/// Work `PictureLoading` asks for; `PictureRuntime` performs it.
public enum PictureEffect: RunnableEffect, Hashable {
    /// Get the picture from the cache, else download it (attempt 1 or 2), decoded for `box` →
    /// `.loaded` or `.failed`.
    case load(url: String, attempt: Int, box: PictureSize = Picture.keptBox)
    /// Wait on the clock → `.retryDue`.
    case waitToRetry(url: String, Duration)
    /// Cancel running effects by id; performs nothing itself.
    case cancel([String])

    public static func loadID(_ url: String) -> String { "picture.load \(url)" }
    public static func retryID(_ url: String) -> String { "picture.retry \(url)" }

    public var id: String? {
        switch self {
        case .load(let url, _, _): Self.loadID(url)
        case .waitToRetry(let url, _): Self.retryID(url)
        case .cancel: nil
        }
    }

    public var cancels: [String] {
        if case .cancel(let ids) = self { return ids }
        return []
    }
}
