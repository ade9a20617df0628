import CoreTesting
import Foundation
import Testing
@testable import Core

/// A request ends at its deadline, measured on the client's clock (Docs/security.md, "one
/// request, redirects included"): the app's `requestTimeout` is what a person waits at most, not
/// libcurl's backstop a second later. With a manual clock the deadline passes when the test
/// says so, long before the server's answer (20 s later, in real time) or libcurl's backstop
/// (301 s): a client whose own deadline came later would get the answer instead.
@Suite(.timeLimit(.minutes(10))) struct RequestDeadlineTests {
    @Test func aSlowAnswerEndsAsTimedOutWhenTheClientsClockPassesTheDeadline() async throws {
        let server = try LocalHTTPServer.shared.get()
        let clock = ManualClock()
        let client = CurlHTTPClient(time: .driven(by: clock), timeout: .seconds(300))
        async let outcome: Result<Int, APIError> = {
            do {
                return .success(try await client.send(HTTPRequest(url: server.url("/slow?seconds=20"))).status)
            } catch {
                return .failure(error as? APIError ?? .cancelled)
            }
        }()
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: .seconds(299))
        #expect(clock.sleeperCount == 1, "still waiting a second before the deadline")
        clock.advance(by: .seconds(1))
        #expect(await outcome == .failure(.timedOut))
    }
}
