import Foundation
import Testing
@testable import DevServer

/// What the loops tell their `turnObserver`, which the tests' `LoopDriver` steps the manual
/// clock by (Docs/testing.md, "The server on a manual clock").
@Suite(.timeLimit(.minutes(10))) struct LoopTurnTests {
    @Test func aTurnReportsTheEarliestTimerSoTheClockCanJumpToIt() throws {
        let server = try TestHTTP(loops: 2)
        server.settle()
        #expect(server.nextDeadline() == nil, "nothing waits on a quiet server")
        let connection = try server.connect()
        connection.send(request("GET", "/slow", close: false))
        server.settle()
        // The 2-second answer is the earliest timer; the idle and head deadlines come later.
        let due = try #require(server.nextDeadline())
        #expect(due == server.clock.now() + 2_000_000_000)
        server.clock.advance(to: due - 1)
        server.settle()
        #expect(!connection.hasData())
        server.clock.advance(to: due)
        server.settle()
        #expect(try connection.readResponse()?.text == "slow")
    }

    @Test func aStoppedServerHasNoLoopToWaitFor() throws {
        let server = try TestHTTP(loops: 2)
        let connection = try server.connect()
        connection.send(request("GET", "/slow", close: false))
        server.settle()
        #expect(server.nextDeadline() != nil)
        server.clock.advance(by: 1_000_000)
        server.http.stop(grace: 1)
        // Each loop's last report says it has finished: settling returns at once.
        server.settle()
        #expect(server.nextDeadline() == nil)
    }
}
