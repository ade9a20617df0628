import Foundation
import Testing
@testable import DevServer

/// While listening on loopback, only requests naming a loopback host are answered: a web page
/// whose name was rebound to 127.0.0.1 still sends its own name (DNS rebinding).
@Suite(.timeLimit(.minutes(10))) struct LoopbackHostTests {
    @Test(arguments: ["localhost", "localhost:3000", "LocalHost", "app.localhost:80", "localhost.", "127.0.0.1",
                      "127.0.0.1:3000", "127.1.2.3", "[::1]", "[::1]:3000"])
    func loopbackNamesAreAccepted(host: String) {
        #expect(LoopbackHost.isLoopback(hostField: host))
    }

    @Test(arguments: ["evil.example", "evil.example:3000", "127.0.0.1.evil.example", "localhost.evil.example", "localhostx",
                      "[::2]", "[::1", "[::1]x", "", "127.0.0.1:abc", "127.0.0.1:", "127.0.0.1:123456", "0.0.0.0", "10.0.0.1", "::1"])
    func otherNamesAreNot(host: String) {
        #expect(!LoopbackHost.isLoopback(hostField: host))
    }

    @Test func listenAddressesOnLoopback() {
        #expect(LoopbackHost.isLoopbackListenAddress("127.0.0.1"))
        #expect(LoopbackHost.isLoopbackListenAddress("127.0.0.5"))
        #expect(LoopbackHost.isLoopbackListenAddress("localhost"))
        #expect(!LoopbackHost.isLoopbackListenAddress("0.0.0.0"))
        #expect(!LoopbackHost.isLoopbackListenAddress("192.168.1.2"))
    }

    @Test func aRebindingRequestGets421AndTheConnectionGoesOn() throws {
        let server = try TestServer()
        let connection = try server.connect()
        connection.send("GET /rLogin HTTP/1.1\r\nHost: attacker.example:3000\r\n\r\n")
        let refused = try #require(try connection.readResponse())
        #expect(refused.status == 421)
        #expect(refused.text.contains("localhost or 127.0.0.1"))
        connection.send("GET /rLogin HTTP/1.1\r\nHost: localhost:3000\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
        // A good Host earlier on the connection lets no other through later.
        connection.send("GET /rLogin HTTP/1.1\r\nHost: attacker.example\r\n\r\n")
        #expect(try connection.readResponse()?.status == 421)
        // HTTP/1.0 clients may send no Host at all.
        #expect(try server.send(Data("GET /rLogin HTTP/1.0\r\n\r\n".utf8)).status == 200)
        #expect(server.recorder.log.first?.contains("GET /rLogin 421") == true)
    }

    @Test func twoHostFieldsAre400() throws {
        let server = try TestServer()
        #expect(try server.send(Data("GET /rLogin HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n".utf8)).status == 400)
    }

    @Test func listeningBeyondLoopbackAnyHostIsServed() throws {
        let server = try TestHTTP(host: "0.0.0.0")
        let connection = try server.connect()
        connection.send("GET / HTTP/1.1\r\nHost: challenge.example\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
    }
}
