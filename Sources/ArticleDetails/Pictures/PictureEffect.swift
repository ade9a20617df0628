import Core

/// Work `PictureLoading` asks for; `PictureRuntime` performs it.
public enum PictureEffect: RunnableEffect, Hashable {
    /// Get the picture from the cache, else download it (attempt 1 or 2), decoded for `box` →
    /// `.loaded` or `.failed`.
    case load(url: String, attempt: Int, box: PictureSize = Picture.keptBox)
    /// Wait on the clock → `.retryDue`.
    case waitToRetry(url: String, Duration)
    /// Cancel running effects by id; performs nothing itself.
    case cancel([PictureEffectID])

    /// Its id, typed: effects with the same one replace each other.
    public var id: PictureEffectID? {
        switch self {
        case .load(let url, _, _): .load(url)
        case .waitToRetry(let url, _): .retry(url)
        case .cancel: nil
        }
    }

    public var cancels: [PictureEffectID] {
        if case .cancel(let ids) = self { return ids }
        return []
    }
}

/// The ids of a picture's effects, one download and one wait per URL, as the effect runner keys
/// them; `rawValue` orders them.
public enum PictureEffectID: Hashable, Sendable, Comparable {
    case load(String)
    case retry(String)

    public var rawValue: String {
        switch self {
        case .load(let url): "picture.load \(url)"
        case .retry(let url): "picture.retry \(url)"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
