import Contract
import Core

/// The three requests of the flow, whatever the backend. Each call is one try: rLogin's
/// retries are the reducer's business.
public protocol NavigationAPI: Sendable {
    /// rLogin: a session id.
    func login() async throws(APIError) -> SessionID
    /// rLogin as try number `attempt` (1-based), which the network inspector shows. APIs that
    /// don't care get the default: `login()`.
    func login(attempt: Int) async throws(APIError) -> SessionID
    /// rFetchExperiments: which B screen (if any) this user sees.
    func fetchExperiment() async throws(APIError) -> Experiment
    /// rSubmitSelection. `sessionID` is omitted while not signed in (the original server
    /// ignores it anyway).
    func submitSelection(sessionID: SessionID?, screen: String, selection: String) async throws(APIError)
}

extension NavigationAPI {
    public func login(attempt: Int) async throws(APIError) -> SessionID {
        try await login()
    }
}

