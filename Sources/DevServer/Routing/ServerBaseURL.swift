import Synchronization

/// `http://host:port` as a client reaches this server, for URLs in answers that point back at
/// it (the articles' pictures, Docs/server.md "Placeholder pictures"): the `Host` field the
/// client sent, else the listen address. The port is known only once the server has started
/// (port 0 lets the kernel choose), so it is filled in then.
final class ServerBaseURL: Sendable {
    private let listenHost: String
    private let listenPort: Mutex<UInt16>

    init(host: String, port: UInt16) {
        // 0.0.0.0 is where the server listens, not an address a client can connect to.
        listenHost = host == "0.0.0.0" ? "127.0.0.1" : host
        listenPort = Mutex(port)
    }

    func started(on port: UInt16) {
        listenPort.withLock { $0 = port }
    }

    /// The base for `request`. A `Host` field that is not a plain `name[:port]` (it is
    /// whatever the client wrote) is passed over for the listen address.
    func base(for request: ServerRequest) -> String {
        if let host = request.headers["Host"], Self.isPlainAuthority(host) { return "http://" + host }
        return "http://\(listenHost):\(listenPort.withLock { $0 })"
    }

    /// Letters, digits, `.`, `-`, `[`, `]` and `:` (IPv6 literals, the port), at most 255.
    static func isPlainAuthority(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255 && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"):
                true
            default:
                false
            }
        }
    }
}
