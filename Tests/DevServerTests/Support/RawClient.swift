import Foundation
import Glibc

/// A response as read off the wire.
struct RawResponse: Sendable {
    var status: Int
    /// Lower-cased names.
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }

    func json() -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
}

/// One raw TCP connection to the server under test: send exactly the bytes we want (garbage
/// included) and read responses with a bound on every wait, so a broken server fails the test
/// instead of hanging it.
final class RawConnection {
    let fd: Int32
    private var buffer: [UInt8] = []

    /// `source`: the local address to connect from (any 127.x.x.x works on loopback), as a
    /// client on another address would.
    init(port: UInt16, from source: String? = nil) throws {
        // Close-on-exec: a program another test starts meanwhile (tmux's server lives on) would
        // otherwise hold the connection open after the test has closed it.
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw ClientError(description: "bind to \(source) failed: \(String(cString: strerror(errno)))") }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            // No close here: every stored property is set, so deinit runs and closes `fd`.
            // Closing it twice closed whatever another test had opened under the same number
            // meanwhile (once, a server's listening socket: its test never got an answer).
            throw ClientError(description: "connect failed: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Data(text.utf8)) }

    func send(_ data: Data) {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { send_(fd, $0.baseAddress! + offset, data.count - offset) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Half-closes: the server sees the end of the request stream.
    func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads one response; nil if the server closed first.
    func readResponse(timeout: Double = 10) throws -> RawResponse? {
        while true {
            if let end = find([13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let statusParts = head[0].split(separator: " ")
                guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
                    throw ClientError(description: "bad status line \(head[0])")
                }
                var headers: [String: String] = [:]
                for line in head.dropFirst() {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    guard try fill(timeout: timeout) else { throw ClientError(description: "closed mid-body") }
                }
                let body = Data(buffer[(end + 4)..<(end + 4 + length)])
                buffer.removeFirst(end + 4 + length)
                return RawResponse(status: status, headers: headers, body: body)
            }
            guard try fill(timeout: timeout) else {
                return nil
            }
        }
    }

    /// Whether a response (or the end of the stream) can be read now; waits at most `timeout`.
    func hasData(timeout: Double = 0.002) -> Bool {
        if !buffer.isEmpty { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(timeout * 1000)) > 0
    }

    /// True once the server has closed its side (waits at most `timeout`).
    func waitForClose(timeout: Double = 10) throws -> Bool {
        while try fill(timeout: timeout) {}
        return true
    }

    private func fill(timeout: Double) throws -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) > 0 else {
            throw ClientError(description: "no answer within \(timeout) s")
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 65536, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for index in 0...(buffer.count - pattern.count) where Array(buffer[index..<(index + pattern.count)]) == pattern {
            return index
        }
        return nil
    }
}

private func send_(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
}

/// A request written the way a well-behaved client would.
func request(_ method: String = "GET", _ target: String, headers: [String: String] = [:], body: Data = Data(), close: Bool = true) -> Data {
    var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
    if close { head += "Connection: close\r\n" }
    return Data((head + "\r\n").utf8) + body
}
