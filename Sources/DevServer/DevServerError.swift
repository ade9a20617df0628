/// Why the server could not start.
public enum DevServerError: Error, Equatable, Sendable {
    case invalidHost(String)
    case cannotBind(host: String, port: UInt16, reason: String)
    case system(String, String)
    case alreadyStarted

    public var message: String {
        switch self {
        case .invalidHost(let host): "--host \(host): not an IPv4 address (e.g. 127.0.0.1 or 0.0.0.0)"
        case .cannotBind(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
        case .system(let call, let reason): "\(call) failed: \(reason)"
        case .alreadyStarted: "the server is already running"
        }
    }
}
