import Foundation
import Testing
@testable import DevServer

/// Every size limit at its edge: the largest allowed input is served, one byte (or field)
/// more is refused with its status, both by the parser and through a real connection.
@Suite(.timeLimit(.minutes(10))) struct LimitEdgeTests {
    let limits = HTTPLimits()

    /// A GET head of exactly `size` bytes (blank line included), made of fields under the line
    /// cap, its Host first (an HTTP/1.1 request without one is 400).
    static func head(size: Int) -> String {
        var head = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        var index = 0
        while head.utf8.count + 2 < size {
            let room = size - head.utf8.count - 2  // the final CRLF
            let prefix = "X-\(index): "
            let line = min(room - 2, 4000)  // each field line plus its CRLF
            guard line > prefix.utf8.count else { break }
            head += prefix + String(repeating: "a", count: line - prefix.utf8.count) + "\r\n"
            index += 1
        }
        return head + "\r\n"
    }

    func status(_ text: String) -> Int? {
        switch RequestParser.parse(Array(text.utf8), limits: limits) {
        case .head: 200
        case .failure(let failure): failure.status
        case .incomplete: nil
        }
    }

    @Test func aHeadOfExactly16KiBParsesAndOneByteMoreIs431() {
        let exact = Self.head(size: 16 * 1024)
        #expect(exact.utf8.count == 16 * 1024)
        #expect(status(exact) == 200)
        let over = Self.head(size: 16 * 1024 + 1)
        #expect(over.utf8.count == 16 * 1024 + 1)
        #expect(status(over) == 431)
    }

    @Test func anUnfinishedHeadIsWaitedForUpTo16KiBThenRefused() {
        let exact = String(decoding: Array(Self.head(size: 16 * 1024 + 2).utf8).dropLast(2), as: UTF8.self)  // no blank line yet
        #expect(exact.utf8.count == 16 * 1024)
        #expect(status(exact) == nil)
        #expect(status(exact + "X") == 431)
    }

    @Test func aRequestLineOf8KiBParsesAndOneByteMoreIs414() {
        let path = { (length: Int) in "/" + String(repeating: "p", count: length - "GET / HTTP/1.1".utf8.count) }
        #expect(status("GET \(path(8192)) HTTP/1.1\r\n\r\n") == 200)
        #expect(status("GET \(path(8193)) HTTP/1.1\r\n\r\n") == 414)
    }

    /// A request line longer than the whole head's limit is still a URI too long: 414, whether
    /// or not its blank line has come; fields past the head's limit are 431. The edge is the
    /// request line's own: 8 KiB ends in time, one byte more does not.
    @Test func aRequestLinePastTheHeadLimitIs414AndFieldsPastItAre431() throws {
        let huge = "GET /" + String(repeating: "p", count: 1024 * 1024) + " HTTP/1.1\r\n"
        #expect(status(huge) == 414)
        #expect(status(huge + "Host: h\r\n\r\n") == 414)
        let line = { (length: Int) in "GET /" + String(repeating: "p", count: length - "GET / HTTP/1.1".utf8.count) + " HTTP/1.1\r\n" }
        let fields = String(repeating: "X: " + String(repeating: "f", count: 4000) + "\r\n", count: 3) + "\r\n"
        #expect(line(8192).utf8.count + fields.utf8.count > limits.maxHeadBytes)
        #expect(status(line(8192) + fields) == 431)
        #expect(status(line(8193) + fields) == 414)

        let server = try TestHTTP()
        let refused = try server.send(Data(huge.utf8))
        #expect(refused.status == 414)
        #expect(refused.text == "Request line longer than 8192 bytes")
    }

    @Test func aFieldLineOf8KiBParsesAndOneByteMoreIs431() {
        let field = { (length: Int) in "X: " + String(repeating: "v", count: length - 3) }
        #expect(status("GET / HTTP/1.1\r\n\(field(8192))\r\n\r\n") == 200)
        #expect(status("GET / HTTP/1.1\r\n\(field(8193))\r\n\r\n") == 431)
    }

    @Test func a100FieldsParseAndA101stIs431() {
        let fields = { (count: Int) in (0..<count).map { "X-\($0): v\r\n" }.joined() }
        #expect(status("GET / HTTP/1.1\r\n\(fields(100))\r\n") == 200)
        #expect(status("GET / HTTP/1.1\r\n\(fields(101))\r\n") == 431)
    }

    @Test func strayLineBreaksCountAgainstTheHeadLimit() {
        // They are skipped, not kept for ever: a stream of nothing but CRLFs is cut off.
        let crlfs = String(repeating: "\r\n", count: 8 * 1024)
        #expect(status(crlfs) == nil)
        #expect(status(crlfs + "\r\n") == 431)
    }

    @Test func theEdgesHoldThroughARealConnection() throws {
        let server = try TestHTTP()
        #expect(try server.send(Data(Self.head(size: 16 * 1024).utf8)).status == 200)
        #expect(try server.send(Data(Self.head(size: 16 * 1024 + 1).utf8)).status == 431)
        // The same head trickled in 1000-byte pieces: the end is found however it arrives.
        let connection = try server.connect()
        let bytes = Array(Self.head(size: 16 * 1024).utf8)
        for start in stride(from: 0, to: bytes.count, by: 1000) {
            connection.send(Data(bytes[start..<min(start + 1000, bytes.count)]))
            server.settle()
        }
        #expect(try server.answer(on: connection)?.status == 200)
    }

    @Test func aBodyOfExactly1MiBIsReadAndOneByteMoreIs413() throws {
        let server = try TestHTTP()
        let body = Data(repeating: UInt8(ascii: "b"), count: 1024 * 1024)
        let exact = try server.send(request("POST", "/", body: body))
        #expect(exact.status == 200)
        #expect(exact.text == "ok \(1024 * 1024)", "the whole body reached the handler")
        let over = try server.send(Data("POST / HTTP/1.1\r\nContent-Length: \(1024 * 1024 + 1)\r\n\r\n".utf8))
        #expect(over.status == 413)
        #expect(over.text == "Request body larger than 1048576 bytes")
    }

    @Test func lowerConfiguredLimitsAreHeldAtTheirEdgesToo() throws {
        var limits = HTTPLimits()
        limits.maxHeadBytes = 100
        limits.maxBodyBytes = 10
        limits.maxHeaderFields = 3
        let server = try TestHTTP(limits: limits)
        #expect(try server.send(Data(Self.head(size: 100).utf8)).status == 200)
        #expect(try server.send(Data(Self.head(size: 101).utf8)).status == 431)
        #expect(try server.send(request("POST", "/", body: Data(count: 10))).status == 200)
        #expect(try server.send(request("POST", "/", body: Data(count: 11))).status == 413)
        #expect(try server.send(Data("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nB: 2\r\nC: 3\r\n\r\n".utf8)).status == 200)
        #expect(try server.send(Data("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n".utf8)).status == 431)
    }
}
