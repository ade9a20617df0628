import Core

/// A URL given on the command line (`--server`, a challenge's `--articles-url`), checked before
/// the terminal is touched.
package enum HTTPURLArgument {
    /// Accepts `http://host[:port][/path]` and `https://…`, without `user:password@`; the rest is
    /// for libcurl to judge.
    package static func check(_ text: String, flag: String) throws(UsageError) -> String {
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else {
            throw UsageError("\(flag) needs an http:// or https:// URL (got \(text.quoted()))")
        }
        let authority = text.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // `user:password@host`: a password on the command line is seen by every user (`ps`),
        // and the message doesn't repeat the address, so it never shows it either.
        guard !authority.contains("@") else {
            throw UsageError("\(flag): user names and passwords in the address are not supported")
        }
        // `[::1]:3000` keeps its colons inside the brackets.
        let hostEnd = authority.hasPrefix("[")
            ? authority.firstIndex(of: "]").map { authority.index(after: $0) } ?? authority.endIndex
            : authority.firstIndex(of: ":") ?? authority.endIndex
        let host = authority[..<hostEnd]
        guard !host.isEmpty, host != "[]", !text.contains(" ") else {
            throw UsageError("\(flag) needs a URL with a host (got \(text.quoted()))")
        }
        let afterHost = authority[hostEnd...]
        if !afterHost.isEmpty {
            guard afterHost.first == ":", let port = Int(afterHost.dropFirst()), (1...65535).contains(port) else {
                throw UsageError("\(flag) has a bad port in \(text.quoted())")
            }
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
