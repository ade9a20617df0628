/// The request line and header fields of one request, and what the server needs from them,
/// read once while parsing.
struct RequestHead: Equatable {
    var method: String
    var target: String
    var version: HTTPVersion
    var headers: HTTPHeaders
    var contentLength: Int
    /// The connection stays open after the answer (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    var keepAlive: Bool
    /// `Expect: 100-continue`: the client waits for an interim answer before its body.
    var expectsContinue: Bool
    /// The `Host` field, if sent.
    var host: String?
}
