import Core

extension APIError {
    /// Nothing answered (offline, the connection refused, no answer in time), as opposed to an
    /// answer we didn't like: the failures tests group as "could not reach the server".
    public var isTransport: Bool {
        switch self {
        case .offline, .connectionRefused, .timedOut: true
        case .http, .undecodable, .cancelled, .responseTooLarge, .brokenAnswer: false
        }
    }
}
