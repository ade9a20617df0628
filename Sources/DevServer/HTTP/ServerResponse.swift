import Foundation

/// One response. `Content-Length`, `Content-Type` and `Connection` are added when it is written.
public struct ServerResponse: Sendable, Equatable {
    public var status: Int
    public var contentType: String
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, contentType: String = "text/plain; charset=utf-8", headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    public static func text(_ status: Int, _ text: String) -> ServerResponse {
        ServerResponse(status: status, body: Data(text.utf8))
    }

    public static func json(_ status: Int, _ body: Data) -> ServerResponse {
        ServerResponse(status: status, contentType: "application/json; charset=utf-8", body: body)
    }

    /// The bytes on the wire.
    func serialized(keepAlive: Bool) -> Data {
        var head = "HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\n"
        head += "Content-Length: \(body.count)\r\n"
        head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n"
        for field in headers.fields { head += "\(field.name): \(field.value)\r\n" }
        head += "\r\n"
        return Data(head.utf8) + body
    }
}

enum HTTPStatus {
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
