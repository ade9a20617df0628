import Glibc

/// Which names and addresses are this machine's own. While the server listens on loopback, a
/// request must name a loopback host in `Host`: a web page whose DNS name was rebound to
/// 127.0.0.1 still sends its own name, and gets 421 (see Docs/server.md, "Loopback only").
enum LoopbackHost {
    /// 127.0.0.0/8 or `localhost`: what `--host` may be without a secret of one's own.
    static func isLoopbackListenAddress(_ host: String) -> Bool {
        host == "localhost" || isLoopbackIPv4(host)
    }

    /// A `Host` field value naming this machine: `localhost` or `*.localhost` (RFC 6761),
    /// 127.x.x.x, or [::1], each with an optional port.
    static func isLoopback(hostField value: String) -> Bool {
        var host = Substring(value)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            guard isPort(host[host.index(after: close)...]) else { return false }
            return host[host.index(after: host.startIndex)..<close] == "::1"
        }
        if let colon = host.firstIndex(of: ":") {
            guard isPort(host[colon...]) else { return false }
            host = host[..<colon]
        }
        let name = host.lowercased()
        if name == "localhost" || name == "localhost." || name.hasSuffix(".localhost") || name.hasSuffix(".localhost.") { return true }
        return isLoopbackIPv4(name)
    }

    private static func isLoopbackIPv4(_ text: String) -> Bool {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return false }
        return UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    /// Empty, or `:` and 1 to 5 digits.
    private static func isPort(_ text: Substring) -> Bool {
        guard !text.isEmpty else { return true }
        let digits = text.dropFirst()
        return text.first == ":" && (1...5).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
