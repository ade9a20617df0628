import Core
import Foundation
import Synchronization

/// An `HTTPClient` for tests: answers from a script, in turn, the last answer again once the
/// script is used up, and records every request it was sent.
public final class StubHTTPClient: HTTPClient {
    private struct State {
        var requests: [HTTPRequest] = []
        var answers: [Result<HTTPResponse, APIError>]
    }

    private let state: Mutex<State>

    /// - Parameter answers: at least one.
    public init(_ answers: [Result<HTTPResponse, APIError>]) {
        precondition(!answers.isEmpty, "a StubHTTPClient needs an answer")
        state = Mutex(State(answers: answers))
    }

    public convenience init(_ answer: Result<HTTPResponse, APIError>) { self.init([answer]) }

    /// Answers every request with `status` and `body`.
    public convenience init(status: Int = 200, body: String) {
        self.init(.success(HTTPResponse(status: status, body: Data(body.utf8))))
    }

    /// Every request sent so far, oldest first.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    public func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let answer = state.withLock { state in
            state.requests.append(request)
            return state.answers.count > 1 ? state.answers.removeFirst() : state.answers[0]
        }
        return try answer.get()
    }
}
