/// One client connection's state, owned by one event loop and only touched on its thread: the
/// bytes read and not yet parsed, where the current request is, the answers waiting their
/// turn, the bytes not yet sent, and the deadlines that follow from all of that.
final class Connection {
    enum Phase {
        /// No byte of a next request yet.
        case betweenRequests
        /// The head has started arriving (loop-clock nanoseconds).
        case head(since: UInt64)
        /// The head is complete; the body is awaited.
        case body(RequestHead, since: UInt64)
    }

    let fd: Int32
    /// Tells this connection from an earlier one that had the same descriptor.
    let serial: UInt64
    /// The peer's IPv4 address, network order.
    let address: UInt32

    var input = ByteQueue()
    /// How many bytes of `input` were searched for the end of a head without finding it.
    var searched = 0
    var phase = Phase.betweenRequests
    var replies: [PendingReply] = []
    var output = ByteQueue()
    var lastSendProgress: UInt64 = 0
    /// Since when nothing is in flight (nil while something is).
    var idleSince: UInt64?
    /// What the poller watches for on this descriptor now.
    var interest: Interest = .readable
    /// The client closed its side: answer what was asked, then close.
    var endOfInput = false
    /// No further request is read: the last one asked to close, failed, or the server is
    /// stopping.
    var lastRequestRead = false
    /// The answer just queued for sending said `Connection: close`.
    var closeAfterFlush = false
    /// A request was refused unread: whatever else the client sent is dropped before closing.
    var discardsInput = false
    /// The last `Host` found to be loopback: clients send the same one every time.
    var loopbackHost: String?
    /// The deadline of this connection's earliest entry in the loop's timer heap.
    var armed: UInt64?

    init(fd: Int32, serial: UInt64, address: UInt32, now: UInt64) {
        self.fd = fd
        self.serial = serial
        self.address = address
        idleSince = now
    }

    var isBetweenRequests: Bool {
        if case .betweenRequests = phase { return true }
        return false
    }

    /// The body bytes of the answers built and waiting their turn (not yet in `output`).
    var builtReplyBytes: Int { replies.reduce(0) { $0 + $1.response.body.count } }

    /// Nothing read, nothing to answer, nothing to send.
    var isIdle: Bool { isBetweenRequests && input.isEmpty && replies.isEmpty && output.isEmpty }

    /// The earliest moment something must happen: an answer's delay ends, a request's or the
    /// idle deadline passes, or a stalled send gives up.
    func nextDeadline(_ timeouts: Timeouts, after now: UInt64) -> UInt64? {
        var next = UInt64.max
        // An answer already due that is still owed waits for room in the output, which comes
        // with writability, not with time: a timer for it would fire at once, for ever.
        if let first = replies.first, first.readyAt > now { next = first.readyAt }
        switch phase {
        case .head(let since): next = min(next, since &+ timeouts.head)
        case .body(_, let since): next = min(next, since &+ timeouts.body)
        case .betweenRequests: if let idleSince { next = min(next, idleSince &+ timeouts.idle) }
        }
        if !output.isEmpty { next = min(next, lastSendProgress &+ timeouts.send) }
        return next == .max ? nil : next
    }

    /// `ServerTimeouts` in loop-clock nanoseconds.
    struct Timeouts {
        var idle: UInt64
        var head: UInt64
        var body: UInt64
        var send: UInt64

        init(_ timeouts: ServerTimeouts) {
            idle = Nanoseconds.from(seconds: timeouts.idle)
            head = Nanoseconds.from(seconds: timeouts.head)
            body = Nanoseconds.from(seconds: timeouts.body)
            send = Nanoseconds.from(seconds: timeouts.send)
        }
    }
}
