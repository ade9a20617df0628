import Contract
import Core
import FoundationEssentials

/// The flow's backend over HTTP, speaking the contract of DESIGN.md (the original `server.js`
/// and our `challenge-server`): three GETs on `baseURL`.
public struct HTTPNavigationAPI: NavigationAPI {
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:3000")!

    public var client: any HTTPClient
    public var baseURL: URL

    public init(client: any HTTPClient, baseURL: URL = Self.defaultBaseURL) {
        self.client = client
        self.baseURL = baseURL
    }

    public func login() async throws(APIError) -> SessionID {
        try await login(attempt: 1)
    }

    public func login(attempt: Int) async throws(APIError) -> SessionID {
        let response = try await client.send(HTTPRequest(url: url(.login), attempt: attempt))
        guard let body = try? JSONDecoder().decode(NavigationWire.LoginAnswer.self, from: response.body),
            !body.sessionId.isEmpty
        else {
            throw .undecodable("rLogin answered \(Self.preview(response.body)), expected {\"sessionId\": \"…\"}")
        }
        return body.sessionId
    }

    public func fetchExperiment() async throws(APIError) -> Experiment {
        let response = try await client.send(HTTPRequest(url: url(.fetchExperiments)))
        // The contract is a bare JSON string; an unquoted value is accepted too (it is
        // unambiguous and some servers send text).
        let text = String(decoding: response.body, as: UTF8.self).trimmingWhitespace()
        let value = (try? JSONDecoder().decode(String.self, from: Data(text.utf8))) ?? text
        guard let experiment = Experiment(rawValue: value) else {
            let expected = Experiment.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw .undecodable("rFetchExperiments answered \(Self.preview(response.body)), expected one of \(expected)")
        }
        return experiment
    }

    public func submitSelection(sessionID: SessionID?, screen: String, selection: String) async throws(APIError) {
        let items = Self.submissionQuery(sessionID: sessionID, screen: screen, selection: selection)
        // Any 2xx will do: the body is empty by contract and nothing in it matters.
        _ = try await client.send(HTTPRequest(url: url(.submitSelection, query: items)))
    }

    /// rSubmitSelection's query items (the mock reports the same path to the inspector).
    static func submissionQuery(sessionID: SessionID?, screen: String, selection: String) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let sessionID { items.append(URLQueryItem(name: NavigationWire.SubmissionItem.sessionID, value: sessionID)) }
        items.append(URLQueryItem(name: NavigationWire.SubmissionItem.screen, value: screen))
        items.append(URLQueryItem(name: NavigationWire.SubmissionItem.selection, value: selection))
        return items
    }

    func url(_ endpoint: NavigationEndpoint, query: [URLQueryItem] = []) -> URL {
        let url = baseURL.appendingPathComponent(endpoint.rawValue)
        guard !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url
        }
        components.queryItems = query
        // URLComponents leaves "+" alone, which servers read as a space; encode it.
        components.percentEncodedQuery = components.percentEncodedQuery?
            .replacing("+", with: "%2B")
        return components.url ?? url
    }

    /// The start of a body, quoted, for error messages.
    private static func preview(_ body: Data) -> String {
        if body.isEmpty { return "an empty body" }
        let text = String(decoding: body.prefix(80), as: UTF8.self)
        return "\"\(text)\(body.count > 80 ? "…" : "")\""
    }
}
