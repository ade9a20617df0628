/// How long the server waits on a client. Tests make them short.
public struct ServerTimeouts: Sendable, Equatable {
    /// An idle keep-alive connection is closed after this many seconds without a new request.
    public var idle: Double = 15
    /// Once a request has started, each further part of it must arrive within this many seconds
    /// (else 408 and close), so a client that stops mid-request can't hold a thread forever.
    public var request: Double = 10
    /// A write to a client that stopped reading gives up after this many seconds.
    public var send: Int = 30

    public init(idle: Double = 15, request: Double = 10, send: Int = 30) {
        self.idle = idle
        self.request = request
        self.send = send
    }
}
