import Core

/// The three requests of the flow, whatever the backend. Each call is one try: rLogin's
/// retries are the reducer's business.
public protocol NavigationAPI: Sendable {
    /// rLogin: a session id.
    func login() async throws(APIError) -> SessionID
    /// rFetchExperiments: which B screen (if any) this user sees.
    func fetchExperiment() async throws(APIError) -> Experiment
    /// rSubmitSelection. `sessionID` is omitted while not signed in (the original server
    /// ignores it anyway).
    func submitSelection(sessionID: SessionID?, screen: String, selection: String) async throws(APIError)
}

/// The endpoint names, as the server, the scenarios and the fault panel call them.
public enum NavigationEndpoint: String, CaseIterable, Hashable, Sendable {
    case login = "rLogin"
    case fetchExperiments = "rFetchExperiments"
    case submitSelection = "rSubmitSelection"
}
