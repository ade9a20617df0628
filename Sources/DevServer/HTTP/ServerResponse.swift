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

    /// Bodies at least this large are sent from where they are (`ByteQueue.append(body:)`)
    /// rather than copied behind the head: one more `send` is nothing next to copying megabytes.
    static let sharedBodyThreshold = 64 * 1024

    /// Queues the bytes on the wire: head and body in one piece, so an answer leaves in one
    /// `send`, unless the body is large (`sharedBodyThreshold`): then it follows the head uncopied.
    func write(into queue: inout ByteQueue, keepAlive: Bool) {
        guard body.count >= Self.sharedBodyThreshold else {
            queue.appending { write(into: &$0, keepAlive: keepAlive) }
            return
        }
        queue.appending { writeHead(into: &$0, keepAlive: keepAlive) }
        queue.append(body: body)
    }

    /// Appends the bytes on the wire to `buffer`: head and body in one piece.
    func write(into buffer: inout [UInt8], keepAlive: Bool) {
        writeHead(into: &buffer, keepAlive: keepAlive)
        body.withUnsafeBytes { buffer.append(contentsOf: $0.bindMemory(to: UInt8.self)) }
    }

    private func writeHead(into buffer: inout [UInt8], keepAlive: Bool) {
        buffer.append(contentsOf: "HTTP/1.1 ".utf8)
        ByteText.appendDecimal(status, to: &buffer)
        buffer.append(32)
        buffer.append(contentsOf: HTTPStatus.reason(status).utf8)
        buffer.append(contentsOf: "\r\nContent-Type: ".utf8)
        buffer.append(contentsOf: contentType.utf8)
        buffer.append(contentsOf: "\r\nContent-Length: ".utf8)
        ByteText.appendDecimal(body.count, to: &buffer)
        buffer.append(contentsOf: keepAlive ? "\r\nConnection: keep-alive\r\n".utf8 : "\r\nConnection: close\r\n".utf8)
        for field in headers.fields {
            buffer.append(contentsOf: field.name.utf8)
            buffer.append(contentsOf: ": ".utf8)
            buffer.append(contentsOf: field.value.utf8)
            buffer.append(contentsOf: "\r\n".utf8)
        }
        buffer.append(contentsOf: "\r\n".utf8)
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
        case 100: "Continue"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
