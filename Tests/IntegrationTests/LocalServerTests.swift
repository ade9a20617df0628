import Core
import Foundation
import Testing

@Suite(.timeLimit(.minutes(10))) struct LocalServerTests {
    @Test func theServerAnswersOverRealHTTP() async throws {
        let local = try LocalServer()
        let response = try await local.client.send(HTTPRequest(url: local.baseURL.appendingPathComponent("rLogin")))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("sessionId"))
    }
}
