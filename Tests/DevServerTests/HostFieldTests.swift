import Foundation
import Testing
@testable import DevServer

/// An HTTP/1.1 request names the host it is for (RFC 9112 §3.2): without `Host` it is 400, and
/// the connection goes on, since its framing was sound. HTTP/1.0 may leave it out
/// (Docs/server.md, "HTTP behaviour").
@Suite(.timeLimit(.minutes(10))) struct HostFieldTests {
    @Test func anHTTP11RequestWithoutHostIs400AndTheConnectionGoesOn() throws {
        let server = try TestServer()
        let connection = try server.connect()
        connection.send("GET /rLogin HTTP/1.1\r\n\r\n")
        let refused = try #require(try server.answer(on: connection))
        #expect(refused.status == 400)
        #expect(refused.text == "An HTTP/1.1 request needs a Host field")
        // A body is read and dropped with it: the next request is read where it begins.
        connection.send("POST /profiles/update HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}")
        #expect(try server.answer(on: connection)?.status == 400)
        connection.send("GET /rLogin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try server.answer(on: connection)?.status == 200)
        server.settle()
        #expect(server.recorder.log.first?.contains("GET /rLogin 400") == true)
    }

    @Test func anHTTP10RequestWithoutHostIsServed() throws {
        let server = try TestServer()
        #expect(try server.send(Data("GET /rLogin HTTP/1.0\r\n\r\n".utf8)).status == 200)
    }

    /// The rule is HTTP's, not the loopback rule's: listening everywhere it holds too.
    @Test func listeningBeyondLoopbackAnHTTP11RequestWithoutHostIs400Too() throws {
        let server = try TestHTTP(host: "0.0.0.0")
        #expect(try server.send(Data("GET / HTTP/1.1\r\n\r\n".utf8)).status == 400)
        #expect(try server.send(Data("GET / HTTP/1.1\r\nHost: challenge.example\r\n\r\n".utf8)).status == 200)
    }
}
