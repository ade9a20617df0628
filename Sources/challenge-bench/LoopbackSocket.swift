import CEpoll
#if canImport(Glibc)
import Glibc
#endif

/// Client sockets to a server on 127.0.0.1.
enum LoopbackSocket {
    /// A TCP connection to 127.0.0.1:`port`, from `source` (another loopback address, as a
    /// different client would) if given. Blocking connect, or non-blocking (then it is in
    /// progress when this returns). -1 on failure.
    static func connect(port: UInt16, from source: UInt32? = nil, blocking: Bool) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (blocking ? 0 : Int32(SOCK_NONBLOCK.rawValue)), 0)
        guard fd >= 0 else { return -1 }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if let source {
            // Many sockets on one source address: the port is picked at connect time.
            _ = cepoll_bind_address_no_port(fd)
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = source.bigEndian
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { close(fd); return -1 }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 || (!blocking && errno == EINPROGRESS) else { close(fd); return -1 }
        return fd
    }

    /// Raises this process's descriptor limit to the hard limit; returns the soft limit now.
    @discardableResult
    static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(min(limit.rlim_cur, 1 << 24))
    }
}
