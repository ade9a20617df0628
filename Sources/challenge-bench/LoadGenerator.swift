import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small keep-alive HTTP/1.1 load generator for loopback servers: `clients` threads, each
/// with its own connection, send GET requests one after another (no pipelining) for a fixed
/// time. A server that closes the connection after an answer is reconnected to (and that
/// cost counts against it, as it would for a real client).
struct LoadGenerator: Sendable {
    var port: UInt16
    var path: String
    var clients: Int
    var seconds: Double

    struct Result: Equatable, Sendable {
        var requests: Int
        var errors: Int
        var seconds: Double
        var perSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
    }

    func run() -> Result {
        let totals = Shared(Totals())
        let done = DispatchGroup()
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        for index in 0..<max(1, min(clients, 256)) {
            done.enter()
            let client = Client(port: port, path: path)
            let thread = Thread {
                let (requests, errors) = client.run(until: deadline)
                totals.withLock { $0.requests += requests; $0.errors += errors }
                done.leave()
            }
            thread.name = "load \(index)"
            thread.start()
        }
        done.wait()
        let elapsed = PseudoTerminalProcess.seconds(ContinuousClock.now - start)
        return totals.withLock { Result(requests: $0.requests, errors: $0.errors, seconds: elapsed) }
    }

    private struct Totals: Sendable {
        var requests = 0
        var errors = 0
    }
}

/// One connection's loop.
private struct Client: Sendable {
    var port: UInt16
    var path: String

    func run(until deadline: ContinuousClock.Instant) -> (requests: Int, errors: Int) {
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: keep-alive\r\n\r\n".utf8)
        var requests = 0, errors = 0
        var socket: Int32 = -1
        defer { if socket >= 0 { close(socket) } }
        while ContinuousClock.now < deadline {
            if socket < 0 {
                socket = Self.connect(port: port)
                if socket < 0 { errors += 1; continue }
            }
            let sent = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent == request.count, let answer = HTTPResponseReader.read(from: socket) else {
                errors += 1
                close(socket)
                socket = -1
                continue
            }
            if (200...299).contains(answer.status) { requests += 1 } else { errors += 1 }
            if !answer.keepAlive {
                close(socket)
                socket = -1
            }
        }
        return (requests, errors)
    }

    static func connect(port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian // loopback only
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else { close(fd); return -1 }
        return fd
    }
}

/// Reads one HTTP/1.x response with a Content-Length body (what both servers send).
enum HTTPResponseReader {
    struct Answer: Equatable { var status: Int; var keepAlive: Bool; var bodyLength: Int }

    static func read(from socket: Int32) -> Answer? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            if let header = parseHead(buffer) {
                let needed = header.headLength + header.answer.bodyLength
                while buffer.count < needed {
                    let count = recv(socket, &chunk, chunk.count, 0)
                    guard count > 0 else { return nil }
                    buffer += chunk[0..<count]
                }
                return header.answer
            }
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
            if buffer.count > 1 << 20 { return nil }
        }
    }

    /// The status line and headers, once they are all in `bytes`: the answer and the head's
    /// length (through the blank line).
    static func parseHead(_ bytes: [UInt8]) -> (answer: Answer, headLength: Int)? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4,
              let end = (0...(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(separator) })
        else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self)
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let statusLine = lines.first else { return nil }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var keepAlive = parts[0] == "HTTP/1.1"
        var length = 0
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased()
            if name == "content-length" { length = Int(value) ?? 0 }
            if name == "connection" { keepAlive = value == "keep-alive" || (keepAlive && value != "close") }
        }
        return (Answer(status: status, keepAlive: keepAlive, bodyLength: length), end + 4)
    }
}
