import Glibc

/// The listening socket and small socket settings.
enum Socket {
    /// Connections the kernel may hold before a loop accepts them (capped by somaxconn): a burst
    /// of thousands of clients connecting at once waits here instead of being retried later.
    static let backlog: Int32 = 4096

    /// A non-blocking listening IPv4 TCP socket with SO_REUSEADDR.
    static func listen(host: String, port: UInt16) throws(DevServerError) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        let dotted = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, dotted, &address.sin_addr) == 1 else {
            throw .invalidHost(host)
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errorText()) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        // Accepted connections inherit it (Linux): one call here instead of one per connection.
        setNoDelay(fd)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let text = errorText()
            close(fd)
            throw .cannotBind(host: host, port: port, reason: text)
        }
        guard Glibc.listen(fd, backlog) == 0 else {
            let text = errorText()
            close(fd)
            throw .system("listen", text)
        }
        return fd
    }

    /// The port the kernel chose (for `--port 0`).
    static func localPort(_ fd: Int32) -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Answers leave as soon as they are written (each is one complete write anyway).
    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
