import FoundationEssentials

/// Which redirects the HTTP client follows, and what goes along. libcurl is never left to follow
/// one itself: it would pass a custom `Authorization` header on to whatever host the answer
/// names, and follow `https` to plain `http`. See Docs/security.md, "Redirects".
///
/// - only a GET is redirected (a POST's body and token are never re-sent elsewhere);
/// - only to `http` or `https`, and never from `https` down to `http`;
/// - at most `maximumRedirects` in a row;
/// - credentials (`Authorization`, `Proxy-Authorization`, `Cookie`) go only to the origin they
///   were sent to: once a redirect leaves it (scheme, host or port differ), they are dropped
///   for good, as the Fetch standard does for cross-origin redirects.
enum RedirectPolicy {
    static let maximumRedirects = 5
    /// The statuses that ask for the same resource elsewhere (300, 304 and 305 don't).
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Headers that carry credentials, compared case-insensitively.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    enum Decision: Equatable {
        /// The answer is final (a 2xx, an error status, or a 3xx without a target).
        case final
        /// Ask `url` next, with `headers`.
        case follow(URL, headers: [String: String])
        /// A redirect that must not be followed, and why (words for `APIError.undecodable`).
        case refuse(String)
    }

    /// What to do with an answer of `status` (with `location` as its `Location` header) to a
    /// `method` request for `current` that carried `headers`.
    static func decide(
        status: Int, location: String?, from current: URL, method: HTTPRequest.Method, headers: [String: String]
    ) -> Decision {
        guard redirectStatuses.contains(status), let location, !location.isEmpty else { return .final }
        guard method == .get else {
            return .refuse("the server redirected a \(method.rawValue) request (\(status)); it is not followed")
        }
        guard let target = URL(string: location, relativeTo: current)?.absoluteURL, let scheme = target.scheme?.lowercased() else {
            return .refuse("the server redirected to something that is not an address (\(status))")
        }
        guard scheme == "http" || scheme == "https" else {
            return .refuse("the server redirected to a \(scheme): address; only http and https are followed")
        }
        guard let host = target.host, !host.isEmpty else {
            return .refuse("the server redirected to something that is not an address (\(status))")
        }
        if current.scheme?.lowercased() == "https" && scheme == "http" {
            return .refuse("the server redirected from https to plain http; it is not followed")
        }
        var next = headers
        if origin(of: target) != origin(of: current) {
            next = next.filter { !credentialHeaders.contains($0.key.lowercased()) }
        }
        return .follow(target, headers: next)
    }

    /// Scheme, host and port, which together say who receives a request.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
