import Contract
import Core
import DevServer
import Foundation
import Navigation
import Synchronization
import Testing

/// `HTTPNavigationAPI` against the real challenge-server in process, with the original server's overrides
/// (success or failure per endpoint), over real HTTP.
@Suite(.timeLimit(.minutes(10))) struct NavigationHTTPTests {
    /// Passes requests on to the real client and remembers their URLs (the server does not
    /// log query strings, by design).
    final class RecordingClient: HTTPClient {
        let client: any HTTPClient
        private let urls = Mutex<[URL]>([])

        init(_ client: any HTTPClient) { self.client = client }

        var sent: [URL] { urls.withLock { $0 } }

        func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
            urls.withLock { $0.append(request.url) }
            return try await client.send(request)
        }
    }

    private func api(_ server: LocalServer) -> HTTPNavigationAPI {
        HTTPNavigationAPI(client: server.client, baseURL: server.baseURL)
    }

    @Test func loginAnswersAVersion4UUID() async throws {
        let server = try LocalServer()
        let sessionID = try await api(server).login()
        #expect(UUID(uuidString: sessionID) != nil, "\(sessionID) is a UUID")
        #expect(Array(sessionID)[14] == "4", "version 4")
    }

    @Test func aFailedLoginIsTheServers500WithItsText() async throws {
        let server = try LocalServer { $0.login = NavigationOverride(delay: 0, succeeds: false) }
        await #expect(throws: APIError.http(status: 500, body: "Something went wrong")) {
            try await api(server).login()
        }
    }

    @Test(arguments: Experiment.allCases)
    func fetchExperimentsAnswersTheServersExperiment(_ experiment: Experiment) async throws {
        // The server's own enum has the same raw values (`--experiment screenB1`…).
        let server = try LocalServer { $0.experiment = .init(rawValue: experiment.rawValue) }
        #expect(server.server.configuration.experiment?.rawValue == experiment.rawValue)
        #expect(try await api(server).fetchExperiment() == experiment)
    }

    @Test func aFailedFetchIsA500() async throws {
        let server = try LocalServer { $0.fetchExperiments = NavigationOverride(delay: 0, succeeds: false) }
        await #expect(throws: APIError.http(status: 500, body: "Something went wrong")) {
            try await api(server).fetchExperiment()
        }
    }

    @Test func submitSendsTheSessionTheScreenAndTheSelectionAsQueryItems() async throws {
        let server = try LocalServer()
        let client = RecordingClient(server.client)
        let api = HTTPNavigationAPI(client: client, baseURL: server.baseURL)
        let sessionID = try await api.login()
        try await api.submitSelection(sessionID: sessionID, screen: "screenB2", selection: "Option 3")
        let url = try #require(client.sent.last)
        #expect(url.path == "/rSubmitSelection")
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items == [
            URLQueryItem(name: "sessionId", value: sessionID),
            URLQueryItem(name: "screen", value: "screenB2"),
            URLQueryItem(name: "selection", value: "Option 3"),
        ])
    }

    @Test func submitBeforeSignInLeavesTheSessionOut() async throws {
        let server = try LocalServer()
        let client = RecordingClient(server.client)
        try await HTTPNavigationAPI(client: client, baseURL: server.baseURL)
            .submitSelection(sessionID: nil, screen: "screenB1", selection: "Choice A")
        let items = URLComponents(url: try #require(client.sent.last), resolvingAgainstBaseURL: false)?.queryItems
        #expect(items?.map(\.name) == ["screen", "selection"])
    }

    @Test func aFailedSubmitIsA500() async throws {
        let server = try LocalServer { $0.submitSelection = NavigationOverride(delay: 0, succeeds: false) }
        await #expect(throws: APIError.http(status: 500, body: "Something went wrong")) {
            try await api(server).submitSelection(sessionID: "s", screen: "screenB1", selection: "Choice A")
        }
    }

    @Test func aStoppedServerIsReportedAsATransportError() async throws {
        let server = try LocalServer()
        let api = api(server)
        server.server.stop()
        do {
            _ = try await api.login()
            Issue.record("a stopped server answered")
        } catch {
            #expect(error.isTransient, "\(error) is worth retrying (rLogin will)")
        }
    }
}
