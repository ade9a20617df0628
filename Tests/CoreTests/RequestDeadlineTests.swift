import CoreTesting
import Foundation
import Testing
@testable import Core

/// A request ends at its deadline, measured on the client's clock (Docs/security.md, "one
/// request, redirects included"): the app's `requestTimeout`, not libcurl's backstop a second
/// later, is what a person waits at most. With a manual clock the deadline passes when the test
/// says so; libcurl's backstop, in real time, would come only after the suite's time limit.
@Suite(.timeLimit(.minutes(1))) struct RequestDeadlineTests {
    @Test func aSlowAnswerEndsAsTimedOutWhenTheClientsClockPassesTheDeadline() async throws {
        let server = try LocalHTTPServer.shared.get()
        let clock = ManualClock()
        let client = CurlHTTPClient(timeout: .seconds(300), clock: clock)
        async let outcome: APIError? = {
            do {
                _ = try await client.send(HTTPRequest(url: server.url("/slow?seconds=400")))
                return nil
            } catch {
                return error as? APIError
            }
        }()
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(299))
        #expect(clock.sleeperCount == 1, "still waiting a second before the deadline")
        clock.advance(by: .seconds(1))
        #expect(await outcome == .timedOut)
    }
}
