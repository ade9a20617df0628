/// What a route answers: the response and how long after the request it is sent. Routes never
/// sleep; the event loop arms a timer for the delay (see Docs/server.md, "How delays work").
public struct DelayedResponse: Sendable, Equatable {
    public var response: ServerResponse
    /// Seconds; 0 sends it at once.
    public var delay: Double

    public init(_ response: ServerResponse, after delay: Double = 0) {
        self.response = response
        self.delay = delay
    }
}
