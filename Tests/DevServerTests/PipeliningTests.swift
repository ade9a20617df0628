import Foundation
import Testing
@testable import DevServer

/// Answers go out in the order of the requests, whatever their delays; the server reads ahead
/// only so far; a client that half-closes still gets its answers.
@Suite(.timeLimit(.minutes(10))) struct PipeliningTests {
    /// 32 pipelined requests for a 300 KB answer from a client that never reads: the server
    /// builds and queues answers only while what it holds for the connection (queued bytes and
    /// built answers) is under 256 KiB — not all 32 (9.6 MB). Each answer is logged as it is
    /// queued, so the log says how many were. Reading them all gets all 32, in order.
    @Test func aClientThatPipelinesAndNeverReadsIsHeldToTheOutputCap() throws {
        let server = try TestHTTP(bigBody: Data(repeating: 0x61, count: 300_000))
        let connection = try server.connect()
        connection.send(Data((0..<32).flatMap { _ in request("GET", "/big", close: false) }))
        for _ in 0..<5 { server.settle() }
        // The kernel's socket buffers take some of the first answers (about 4 MB on loopback);
        // before the cap the server queued all 32 at once.
        #expect(server.recorder.log.count < 24, "answers queued for a client that reads nothing")
        for index in 0..<32 {
            let response = try #require(try connection.readResponse(), "answer \(index + 1)")
            #expect(response.body.count == 300_000)
        }
        #expect(server.recorder.log.count == 32)
    }

    /// A large answer leaves from the route's own bytes; the answer pipelined behind it waits
    /// until it has gone, and both arrive whole, in order.
    @Test func anAnswerBehindALargeOneFollowsIt() throws {
        let big = Data((0..<2_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let server = try TestHTTP(bigBody: big)
        let connection = try server.connect()
        connection.send(request("GET", "/big", close: false) + request("GET", "/", close: true))
        let first = try #require(try connection.readResponse())
        #expect(first.body == big)
        #expect(try connection.readResponse()?.text == "ok 0")
    }

    @Test func aQuickAnswerWaitsForASlowOneBeforeIt() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        connection.send(request("GET", "/slow", close: false) + request("GET", "/", close: true))
        server.advance(by: 1.999)
        #expect(!connection.hasData(), "the quick answer is held behind the slow one")
        server.advance(by: 0.001)
        #expect(try connection.readResponse()?.text == "slow")
        let last = try #require(try connection.readResponse())
        #expect(last.text == "ok 0")
        #expect(last.headers["connection"] == "close")
        #expect(try connection.waitForClose())
        #expect(server.recorder.log == ["GET /slow 200 2000ms", "GET / 200 2000ms"])
    }

    @Test func manyPipelinedRequestsAreAllAnsweredInOrder() throws {
        var limits = HTTPLimits()
        limits.maxPipelinedRequests = 4
        let server = try TestHTTP(limits: limits)
        let connection = try server.connect()
        let count = 40
        connection.send(Data((0..<count).flatMap { index in
            request("POST", "/", body: Data(count: index), close: index == count - 1)
        }))
        var bodies: [String] = []
        while let answer = try server.answer(on: connection) { bodies.append(answer.text) }
        #expect(bodies == (0..<count).map { "ok \($0)" })
    }

    @Test func aClientThatHalfClosesStillGetsItsDelayedAnswer() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        connection.send(request("GET", "/slow", close: false))
        connection.shutdownWrite()
        server.advance(by: 2)
        #expect(try connection.readResponse()?.text == "slow")
        #expect(try connection.waitForClose())
        #expect(server.http.openConnections == 0)
    }

    @Test func theContinueAnswerKeepsItsPlaceInTheQueue() throws {
        let server = try TestHTTP()
        let connection = try server.connect()
        connection.send(request("GET", "/slow", close: false)
            + Data("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8))
        server.advance(by: 1)
        #expect(!connection.hasData(), "no interim answer before the slow one")
        server.advance(by: 1)
        #expect(try connection.readResponse()?.text == "slow")
        #expect(try connection.readResponse()?.status == 100)
        connection.send("abc")
        #expect(try server.answer(on: connection)?.text == "ok 3")
    }

    @Test func theFallbackPollerServesTheSame() throws {
        var calls = SystemCalls.live
        calls.makePoller = { () throws(SystemError) -> any ReadinessPoller in PollReadinessPoller() }
        let server = try TestHTTP(calls: calls)
        let connection = try server.connect()
        connection.send(request("GET", "/slow", close: false) + request("GET", "/", close: true))
        server.advance(by: 2)
        #expect(try connection.readResponse()?.text == "slow")
        #expect(try connection.readResponse()?.text == "ok 0")
        #expect(try connection.waitForClose())
    }

    @Test func twoLoopsShareTheWork() throws {
        let server = try TestHTTP(loops: 2)
        let connections = try (0..<20).map { _ in try server.connect() }
        for connection in connections { connection.send(request("GET", "/slow")) }
        server.advance(by: 2)
        #expect(try connections.allSatisfy { try $0.readResponse()?.text == "slow" })
        #expect(server.http.loopCount == 2)
    }
}

/// The connection's next deadline, which the loop arms a timer for.
@Suite(.timeLimit(.minutes(10))) struct ConnectionDeadlineTests {
    let timeouts = Connection.Timeouts(ServerTimeouts(idle: 5, head: 10, body: 30, send: 30))
    let second: UInt64 = 1_000_000_000

    func reply(readyAt: UInt64) -> PendingReply {
        PendingReply(response: ServerResponse(status: 200), readyAt: readyAt, requestedAt: 0, method: "GET", path: "/", keepAlive: true)
    }

    /// An answer that is due but waits for room in the output (a client that doesn't read) is
    /// sent when the socket turns writable: a timer at its past deadline would fire at once, and
    /// again after every turn that found no room — a loop spinning a core for ever.
    @Test func anAnswerDueButWaitingForRoomArmsOnlyTheSendDeadline() {
        let now = 100 * second
        let connection = Connection(fd: -1, serial: 1, address: 0, now: 0)
        connection.idleSince = nil
        connection.replies = [reply(readyAt: now - second)]
        connection.output.appending { $0.append(contentsOf: [1, 2, 3]) }
        connection.lastSendProgress = now
        #expect(connection.nextDeadline(timeouts, after: now) == now + 30 * second)
    }

    @Test func anAnswerStillDelayedIsTheNextDeadline() {
        let now = 100 * second
        let connection = Connection(fd: -1, serial: 1, address: 0, now: 0)
        connection.idleSince = nil
        connection.replies = [reply(readyAt: now + 2 * second)]
        #expect(connection.nextDeadline(timeouts, after: now) == now + 2 * second)
    }
}
