import Core

/// Why a header image could not be had: the screens then keep drawing it from its URL.
public enum PictureFailure: Hashable, Sendable, CustomStringConvertible {
    /// The download failed (network, server, timeout, too large).
    case download(APIError)
    /// The bytes are not a picture we can read (damaged, cut short, too large, unknown format).
    case undecodable(String)

    /// Worth the one retry: a failure that may go away on its own. The same bytes decode the
    /// same way, and a 4xx or a too-large answer will not change.
    public var isTransient: Bool {
        if case .download(let error) = self { return error.isTransient }
        return false
    }

    public var description: String {
        switch self {
        case .download(let error): error.message
        case .undecodable(let reason): reason
        }
    }
}
