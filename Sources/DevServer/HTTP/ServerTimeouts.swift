/// How long the server waits on a client, in seconds; see Docs/server.md, "Limits and
/// deadlines". Tests shorten them or move a manual clock past them.
public struct ServerTimeouts: Sendable, Equatable {
    /// A keep-alive connection with nothing in flight is closed after this long.
    public var idle: Double = 5
    /// A request's head (request line and header fields) must be complete this long after its
    /// first byte arrived, else 408 and close: a client can't trickle a head forever.
    public var head: Double = 10
    /// A request's body must be complete this long after its head, else 408 and close.
    public var body: Double = 30
    /// A client that stops reading its answers is dropped after this long without progress.
    public var send: Double = 30

    public init(idle: Double = 5, head: Double = 10, body: Double = 30, send: Double = 30) {
        self.idle = idle
        self.head = head
        self.body = body
        self.send = send
    }
}
