/// An answer waiting its turn on a connection: answers go out in the order the requests came
/// (pipelining), each once its delay is over.
struct PendingReply {
    var response: ServerResponse
    /// Loop-clock nanoseconds at which it may be sent.
    var readyAt: UInt64
    /// When its request was complete, for the duration in the log.
    var requestedAt: UInt64
    /// For the log: "-" for a request that could not be parsed.
    var method: String
    var path: String
    /// What the request asked for; the connection may still close after it (see `Connection`).
    var keepAlive: Bool
    /// `100 Continue`: an interim answer, neither logged nor counted as the request's answer.
    var interim: Bool = false

    static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}
