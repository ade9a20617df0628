import Foundation
import Testing
@testable import DevServer

/// Deadlines, on a manual clock: each is tested just before and at its edge, in microseconds.
@Suite(.timeLimit(.minutes(10))) struct DeadlineTests {
    /// The old server reset its 10-second wait at every line, so a head trickled one line every
    /// 4 s stayed open for ever. The head now has 10 s from its first byte, however it trickles.
    @Test func aHeadTrickledOneLineEveryFourSecondsGets408TenSecondsAfterItsFirstByte() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        connection.send("GET / HTTP/1.1\r\n")
        server.advance(by: 4)
        connection.send("X-One: 1\r\n")
        server.advance(by: 4)
        connection.send("X-Two: 2\r\n")
        server.advance(by: 1.999)
        #expect(!connection.hasData(), "9.999 s after the first byte it is still waited for")
        server.advance(by: 0.001)
        let response = try #require(try connection.readResponse())
        #expect(response.status == 408)
        #expect(response.text == "Request head incomplete after 10 s")
        #expect(try connection.waitForClose())
        #expect(server.http.openConnections == 0)
    }

    @Test func aBodyHasThirtySecondsFromTheEndOfItsHead() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        connection.send("POST / HTTP/1.1\r\nContent-Length: 4\r\n\r\n")
        server.advance(by: 20)
        connection.send("ab")  // bytes arriving do not extend it
        server.advance(by: 9.999)
        #expect(!connection.hasData())
        server.advance(by: 0.001)
        #expect(try connection.readResponse()?.status == 408)
        #expect(try connection.waitForClose())
    }

    @Test func aBodyThatArrivesInTimeIsServed() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        connection.send("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\n")
        server.advance(by: 29.999)
        connection.send("abcd")
        #expect(try server.answer(on: connection)?.text == "ok 4")
    }

    @Test func aConnectionThatNeverSendsIsClosedAfterTheIdleTimeout() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        server.advance(by: 4.999)
        #expect(!connection.hasData())
        #expect(server.http.openConnections == 1)
        server.advance(by: 0.001)
        #expect(try connection.waitForClose())
        #expect(server.http.openConnections == 0)
    }

    /// The idle deadline counts from the last request, not from the accept: a connection that
    /// asks every second stays open for 20 s (the old server closed it 5 s after the accept, the
    /// 6th request got EOF), then closes 5 s after its last answer.
    @Test func aConnectionAskingEverySecondStaysOpenAndClosesFiveSecondsAfterItsLastAnswer() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        for second in 0..<20 {
            connection.send(request("GET", "/", close: false))
            #expect(try server.answer(on: connection)?.status == 200, "request \(second + 1)")
            server.advance(by: 1)
        }
        #expect(server.http.openConnections == 1)
        server.advance(by: 3.999)
        #expect(server.http.openConnections == 1)
        server.advance(by: 0.001)
        #expect(try connection.waitForClose())
    }

    /// A request whose answer is delayed keeps the connection busy; after it, 5 s of idle again.
    @Test func delayedAnswersEverySecondKeepTheConnectionOpen() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        for _ in 0..<4 {
            connection.send(request("GET", "/slow", close: false))
            server.advance(by: 2)
            #expect(try connection.readResponse()?.text == "slow")
            server.advance(by: 1)
        }
        #expect(server.http.openConnections == 1)
    }

    @Test func theIdleTimeoutWaitsWhileAnAnswerIsDelayed() throws {
        // A 2-second answer on a server whose idle timeout is 1 s: the connection is busy, not
        // idle, until the answer has gone; the idle second counts from then.
        let server = try TestHTTP(timeouts: ServerTimeouts(idle: 1))
        let connection = try server.connect()
        connection.send(request("GET", "/slow", close: false))
        server.advance(by: 1.5)
        #expect(!connection.hasData())
        server.advance(by: 0.5)
        #expect(try connection.readResponse()?.text == "slow")
        server.advance(by: 0.999)
        #expect(server.http.openConnections == 1)
        server.advance(by: 0.001)
        #expect(try connection.waitForClose())
    }

    @Test func aClientThatStopsReadingIsDroppedAfterTheSendTimeout() throws {
        // Answers far larger than the socket buffers, and a client that never reads them.
        let server = try TestHTTP(bigBody: Data(repeating: UInt8(ascii: "x"), count: 1 << 20))
        let connection = try server.connect()
        connection.send(Data((0..<30).flatMap { _ in request("GET", "/big", close: false) }))
        server.advance(by: 0)
        #expect(server.http.openConnections == 1)
        server.advance(by: 29.999)
        #expect(server.http.openConnections == 1, "still trying just before 30 s")
        server.advance(by: 0.001)
        #expect(server.http.openConnections == 0)
    }

    @Test func deadlinesAreConfigurable() throws {
        let server = try TestHTTP(timeouts: ServerTimeouts(idle: 60, head: 0.5, body: 0.25))
        let head = try server.connect()
        head.send("GET / HTTP/1.1\r\n")
        server.advance(by: 0.5)
        #expect(try head.readResponse()?.status == 408)
        let body = try server.connect()
        body.send("POST / HTTP/1.1\r\nContent-Length: 1\r\n\r\n")
        server.advance(by: 0.25)
        #expect(try body.readResponse()?.status == 408)
        #expect(ServerTimeouts() == ServerTimeouts(idle: 5, head: 10, body: 30, send: 30))
    }
}
