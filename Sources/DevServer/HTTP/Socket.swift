import Core
import Foundation
import Glibc

/// Thin, blocking wrappers over POSIX sockets. They are only ever called on the server's own
/// threads (accept loop, one per connection), never in the cooperative pool.
enum Socket {
    enum ReadResult: Equatable {
        case bytes([UInt8])
        /// The peer closed (or the socket was shut down to wake us).
        case closed
        case timedOut
    }

    /// A listening IPv4 TCP socket with SO_REUSEADDR.
    static func listen(host: String, port: UInt16, backlog: Int32 = 128) throws(DevServerError) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        let dotted = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, dotted, &address.sin_addr) == 1 else {
            throw .invalidHost(host)
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .system("socket", errorText()) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
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

    /// Waits until `fd` is readable or `timeout` passes. -1 timeout waits forever.
    static func waitReadable(_ fds: [Int32], timeout: Double) -> [Bool] {
        var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let deadline = timeout < 0 ? nil : ContinuousClock.now + .seconds(timeout)
        while true {
            let ready = poll(&polls, nfds_t(polls.count), deadline.map(millisecondsLeft) ?? -1)
            // A signal cut the wait short: wait again for what is left of it, not the whole
            // timeout, or signals arriving faster than the timeout would hold it open for ever.
            if ready < 0, errno == EINTR { continue }
            return polls.map { $0.revents != 0 }
        }
    }

    /// Milliseconds from now to `deadline` for `poll`, rounded up (0 once it has passed).
    static func millisecondsLeft(to deadline: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 0 }
        return Int32(min((left.inSeconds * 1000).rounded(.up), Double(Int32.max)))
    }

    /// Reads what is there, waiting at most `timeout` seconds for the first byte.
    static func read(_ fd: Int32, timeout: Double, maxBytes: Int = 64 * 1024) -> ReadResult {
        guard waitReadable([fd], timeout: timeout)[0] else { return .timedOut }
        var buffer = [UInt8](repeating: 0, count: maxBytes)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, maxBytes, 0) }
            if count > 0 { return .bytes(Array(buffer[..<count])) }
            if count < 0, errno == EINTR { continue }
            return .closed
        }
    }

    /// Sends everything; false if the peer went away. MSG_NOSIGNAL: a closed peer is an error
    /// code, never a SIGPIPE.
    @discardableResult
    static func write(_ fd: Int32, _ data: Data) -> Bool {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Bounds how long a write to a client that stopped reading may block.
    static func setSendTimeout(_ fd: Int32, seconds: Int) {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Wakes any thread blocked on `fd` (its reads return `.closed`) without freeing the
    /// descriptor, so only its owner ever closes it.
    static func shutdown(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
