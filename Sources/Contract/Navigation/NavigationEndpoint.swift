/// The three requests of the navigation flow, as the original `server.js` serves them: all
/// `GET`, on the server's root (see Docs/server.md). The raw values are also the names scenario
/// files and the fault panel use.
public enum NavigationEndpoint: String, CaseIterable, Hashable, Sendable {
    case login = "rLogin"
    case fetchExperiments = "rFetchExperiments"
    case submitSelection = "rSubmitSelection"

    /// "/rLogin", …
    public var path: String { "/" + rawValue }
}

/// What the navigation endpoints send and receive besides the experiment's bare JSON string.
public enum NavigationWire {
    /// rLogin's success body: `{"sessionId":"<uuid v4>"}`.
    public struct LoginAnswer: Codable, Hashable, Sendable {
        public var sessionId: String

        public init(sessionId: String) { self.sessionId = sessionId }
    }

    /// The query items rSubmitSelection carries (the original server ignores them).
    public enum SubmissionItem {
        public static let sessionID = "sessionId"
        public static let screen = "screen"
        public static let selection = "selection"
    }

    /// The text body of every failed navigation request (status 500), as `server.js` sends it.
    public static let failureText = "Something went wrong"
}
