import Foundation
import Glibc
import CoreTesting
import Testing
@testable import DevServer

/// The server's read limits protect it, not only answer for it: past the head or body limit it
/// stops reading and closes, so a client streaming 32 MB gets only a small part of it into the
/// server (Docs/server.md, "Limits and deadlines"). `LimitEdgeTests` checks the statuses at the
/// edges; these check what the server consumed. A server that read the whole stream and only
/// then answered 431 or 413 would pass those and fail these.
///
/// What the server consumed is measured from the client: the bytes the kernel took from it
/// before the connection broke. That is what the server read plus what the sockets' buffers
/// held (the client's send buffer is made small; the server's receive buffer starts at
/// 128 KB and grows only while the server reads), so the bound is loose — 4 MB of a 32 MB
/// stream — but a server that keeps reading takes all 32 MB.
@Suite(.timeLimit(.minutes(10))) struct ServerReadLimitEffectTests {
    static let stream = 32 << 20
    static let bound = 4 << 20

    /// How a stream ended: the bytes that went in all, and whether the server neither read nor
    /// closed for 20 s (a bound on the wait, not a timed assertion).
    struct Streamed: Sendable {
        var sent: Int
        var stalled = false
    }

    /// Sends `head`, then `filler` bytes in 64 KB pieces until the server breaks the connection
    /// or all are sent. Blocking, so it runs off the cooperative pool.
    private static func stream(_ head: String, filler: Int, to fd: Int32) -> Streamed {
        var small: Int32 = 16 * 1024
        setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var wait = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        let headBytes = Array(head.utf8)
        var pending = headBytes[...]
        while !pending.isEmpty {
            let count = pending.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return Streamed(sent: sent) }
            sent += count
            pending = pending.dropFirst(count)
        }
        while sent - headBytes.count < filler {
            let want = min(piece.count, filler - (sent - headBytes.count))
            let count = piece.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, want, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                sent += count
                continue
            }
            let code = errno
            if code == EINTR { continue }
            return Streamed(sent: sent, stalled: code == EAGAIN || code == EWOULDBLOCK)
        }
        return Streamed(sent: sent)
    }

    private func stream(_ head: String, filler: Int, to connection: RawConnection) async throws -> Int {
        let fd = connection.fd
        let streamed = try await offThePool { Self.stream(head, filler: filler, to: fd) }
        #expect(!streamed.stalled, "the server neither read nor closed for 20 s after \(streamed.sent) bytes")
        return streamed.sent
    }

    @Test func aHeadPastItsLimitIsNotReadOn() async throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        // A field line that never ends: the head passes 16 KB and goes on for 32 MB.
        let sent = try await stream("GET / HTTP/1.1\r\nX-Filler: ", filler: Self.stream, to: connection)
        #expect(sent < Self.bound, "the server took \(sent) bytes of a head that passed 16 KB after 16,384")
    }

    @Test func aBodyPastItsLimitIsNotReadAtAll() async throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        let sent = try await stream("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(Self.stream)\r\n\r\n", filler: Self.stream, to: connection)
        #expect(sent < Self.bound, "the server took \(sent) bytes of a body it refused from its head")
    }

    @Test func aBodyWithinItsLimitIsReadWhole() async throws {
        // The measure itself: a body the server accepts goes in whole, and is answered.
        let server = try TestHTTP()
        let connection = try server.connect()
        let size = HTTPLimits().maxBodyBytes
        let sent = try await stream("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(size)\r\n\r\n", filler: size, to: connection)
        #expect(sent > size)
        let answer = try #require(try server.answer(on: connection))
        #expect(answer.status == 200)
        #expect(answer.text == "ok \(size)")
    }

    @Test func aConnectionOverTheAddressCapIsClosedNotKept() throws {
        var limits = HTTPLimits()
        limits.maxConnectionsPerAddress = 2
        let server = try TestHTTP(limits: limits)
        let open = try (0..<2).map { _ in try server.connect(from: "127.0.0.5") }
        server.settle()
        let refused = try server.connect(from: "127.0.0.5")
        refused.send(request("GET", "/", close: false))
        server.settle()
        let answer = try #require(try refused.readResponse())
        #expect(answer.status == 503)
        // Nothing more: the connection is closed, its request never read, and not counted.
        #expect(try refused.readResponse() == nil)
        #expect(server.http.openConnections == 2)
        withExtendedLifetime(open) {}
    }
}
