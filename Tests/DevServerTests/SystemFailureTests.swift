import Foundation
import Glibc
import Testing
@testable import DevServer

/// A failed system call costs one connection at most, never the server: the client gets a 503
/// where an answer can still be sent, the slot is freed, and the failure is reported once.
@Suite(.timeLimit(.minutes(10))) struct SystemFailureTests {
    @Test func aFullDescriptorTableAnswers503AndServingGoesOn() throws {
        let plan = FaultPlan()
        let server = try TestHTTP(calls: plan.calls)
        plan.fail("accept", times: 1, with: EMFILE)
        #expect(try server.get("/").status == 503)
        plan.fail("accept", times: 1, with: EMFILE)
        #expect(try server.get("/").status == 503)
        #expect(try server.get("/").status == 200)
        #expect(server.recorder.diagnostics == [
            "challenge-server: accept failed: Too many open files; answering new connections 503 until descriptors are free (reported once)",
        ])
        server.settle()
        #expect(server.http.openConnections == 0)
    }

    @Test func anotherAcceptFailurePausesAcceptingBriefly() throws {
        let plan = FaultPlan()
        let server = try TestHTTP(calls: plan.calls)
        plan.fail("accept", times: 1, with: ENOBUFS)
        let connection = try server.connect()
        connection.send(request("GET", "/"))
        server.advance(by: 0.099)
        #expect(!connection.hasData(), "not accepted during the pause")
        server.advance(by: 0.001)
        #expect(try connection.readResponse()?.status == 200)
        #expect(server.recorder.diagnostics.count == 1)
        #expect(server.recorder.diagnostics.first?.hasPrefix("challenge-server: accept failed: No buffer space available") == true)
    }

    @Test func aConnectionThatCannotBeWatchedGets503AndFreesItsSlot() throws {
        let plan = FaultPlan()
        let server = try TestHTTP(calls: plan.calls)
        plan.fail("epoll_ctl add", times: 2, with: ENOSPC)
        for _ in 0..<2 {
            let refused = try server.get("/")
            #expect(refused.status == 503)
            #expect(refused.text == "Server error: cannot watch this connection")
        }
        server.settle()
        #expect(server.http.openConnections == 0)
        #expect(try server.get("/").status == 200)
        #expect(server.recorder.diagnostics == [
            "challenge-server: epoll_ctl failed: No space left on device; answered 503 and closed the connection (reported once)",
        ])
    }

    @Test func aFailedWriteClosesTheConnectionAndFreesItsSlot() throws {
        let plan = FaultPlan()
        let server = try TestHTTP(calls: plan.calls)
        plan.fail("send", times: 2, with: EIO)
        for _ in 0..<2 {
            let connection = try server.connect()
            connection.send(request("GET", "/"))
            server.settle()
            #expect(try connection.readResponse() == nil, "closed: nothing could be sent")
        }
        #expect(server.http.openConnections == 0)
        #expect(try server.get("/").status == 200)
        #expect(server.recorder.diagnostics == ["challenge-server: send failed: Input/output error; closed the connection (reported once)"])
    }

    @Test func aClientThatWentAwayIsNotReported() throws {
        let plan = FaultPlan()
        let server = try TestHTTP(calls: plan.calls)
        plan.fail("send", times: 1, with: EPIPE)
        let connection = try server.connect()
        connection.send(request("GET", "/"))
        server.settle()
        #expect(try connection.readResponse() == nil)
        #expect(server.recorder.diagnostics.isEmpty)
    }

    @Test func aConnectionWhoseWatchCannotChangeGets503() throws {
        let plan = FaultPlan()
        let server = try TestHTTP(calls: plan.calls)
        plan.fail("epoll_ctl modify", times: 1, with: ENOMEM)
        // After a `Connection: close` request nothing more is read: more bytes make the loop
        // stop watching for input, and that call fails.
        let connection = try server.connect()
        connection.send(request("GET", "/slow"))
        server.settle()
        connection.send("more")
        server.settle()
        #expect(try connection.readResponse()?.status == 503)
        #expect(server.http.openConnections == 0)
        #expect(server.recorder.diagnostics.first?.hasPrefix("challenge-server: epoll_ctl failed: Cannot allocate memory") == true)
    }

    @Test func aConnectionWhoseWatchCannotChangeMidAnswerIsClosedAndFreed() throws {
        let plan = FaultPlan()
        let server = try TestHTTP(calls: plan.calls, bigBody: Data(count: 16 << 20))
        plan.fail("epoll_ctl modify", times: 1, with: ENOMEM)
        // An answer too big to send at once: watching for room to write fails.
        let connection = try server.connect()
        connection.send(request("GET", "/big"))
        server.settle()
        #expect(server.http.openConnections == 0)
        #expect(server.recorder.diagnostics.count == 1)
        withExtendedLifetime(connection) {}
    }

    @Test func aBrokenPollerEndsItsLoopAnswering503() throws {
        let plan = FaultPlan()
        let server = try TestHTTP(calls: plan.calls)
        let connection = try server.connect()
        connection.send(request("GET", "/slow", close: false))
        server.settle()
        plan.fail("epoll_wait", times: 1, with: EBADF)
        server.clock.advance(by: 0)  // wakes the loop: its next wait fails
        let answer = try #require(try connection.readResponse())
        #expect(answer.status == 503)
        #expect(try connection.waitForClose())
        #expect(server.recorder.diagnostics.first?.hasPrefix("challenge-server: epoll_wait failed: Bad file descriptor; event loop 0 stopped") == true)
    }

    @Test func aLoopThreadThatCannotStartLeavesTheOthersServing() throws {
        let plan = FaultPlan()
        plan.fail("pthread_create", after: 1, times: 1, with: EAGAIN)
        let server = try TestHTTP(loops: 2, calls: plan.calls)
        #expect(try server.get("/").status == 200)
        #expect(server.recorder.diagnostics == [
            "challenge-server: pthread_create failed: Resource temporarily unavailable; serving with 1 event loop(s) (reported once)",
        ])
    }

    @Test func withoutAnyLoopTheServerDoesNotStart() throws {
        let plan = FaultPlan()
        plan.fail("pthread_create", times: 1, with: EAGAIN)
        let http = HTTPServer(host: "127.0.0.1", port: 0, loops: 1, calls: plan.calls,
                              handler: { _ in DelayedResponse(.text(200, "")) }, logger: { _, _, _, _ in }, diagnostics: { _ in })
        #expect(throws: DevServerError.system("pthread_create", "Resource temporarily unavailable")) { try http.start() }
        // Nothing was left behind: it starts once threads can be made.
        let port = try http.start()
        defer { http.stop(grace: 1) }
        let connection = try RawConnection(port: port)
        connection.send(request("GET", "/"))
        #expect(try connection.readResponse()?.status == 200)
    }
}
