/// Why a request can't be served, and the status that says so. The connection is closed after
/// answering, because the framing of whatever follows can't be trusted.
struct RequestFailure: Error, Equatable {
    var status: Int
    var message: String

    static func bad(_ message: String) -> RequestFailure {
        RequestFailure(status: 400, message: message)
    }
}
