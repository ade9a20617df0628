/// Size and count limits of requests and connections; every number is in Docs/server.md,
/// "Limits and deadlines". Tests lower them to reach their edges cheaply.
public struct HTTPLimits: Sendable, Equatable {
    /// Request line plus header fields, through the blank line that ends them.
    public var maxHeadBytes = 16 * 1024
    /// The request line alone, without its CRLF (a longer one is 414).
    public var maxRequestLineBytes = 8 * 1024
    /// One header field line, without its CRLF (a longer one is 431).
    public var maxHeaderLineBytes = 8 * 1024
    /// Header fields per request (more is 431).
    public var maxHeaderFields = 100
    public var maxBodyBytes = 1024 * 1024
    /// Open connections in all; nil: what RLIMIT_NOFILE leaves (see `ConnectionLimiter`).
    public var maxConnections: Int?
    /// Open connections from one IPv4 source address, so one client can't lock out the others.
    public var maxConnectionsPerAddress = 1000
    /// Requests of one connection read ahead of their answers (pipelining); beyond it the
    /// connection is not read until answers have gone out.
    public var maxPipelinedRequests = 32

    public init() {}
}
