import Foundation

/// Size limits of one request.
public struct HTTPLimits: Sendable, Equatable {
    /// Request line plus header fields, including the blank line.
    public var maxHeadBytes: Int = 16 * 1024
    public var maxBodyBytes: Int = 1024 * 1024

    public init() {}
}

/// Why a request can't be served. The connection is closed after answering it, because the
/// framing of what follows can't be trusted.
struct RequestFailure: Error, Equatable {
    var status: Int
    var message: String
}

/// The request line and header fields of one request, and how long its body is.
struct RequestHead: Equatable {
    var method: String
    var target: String
    var version: HTTPVersion
    var headers: HTTPHeaders
    var contentLength: Int
}

/// Parses the head of a request from the bytes received so far. Pure, so every malformed
/// input is tested without a socket.
enum RequestParser {
    enum Result: Equatable {
        /// More bytes needed.
        case incomplete
        /// `length` bytes of the buffer (blank line included) were the head.
        case head(RequestHead, length: Int)
        case failure(RequestFailure)
    }

    private static let crlfcrlf: [UInt8] = [13, 10, 13, 10]

    static func parse(_ buffer: [UInt8], limits: HTTPLimits) -> Result {
        // A client may send stray CRLFs between requests (RFC 9112 §2.2); skip them.
        var start = 0
        while start + 1 < buffer.count, buffer[start] == 13, buffer[start + 1] == 10 { start += 2 }
        guard let end = firstIndex(of: crlfcrlf, in: buffer, from: start) else {
            if buffer.count - start > limits.maxHeadBytes {
                return .failure(RequestFailure(status: 431, message: "Request header fields too large"))
            }
            return .incomplete
        }
        let length = end + 4
        if length - start > limits.maxHeadBytes {
            return .failure(RequestFailure(status: 431, message: "Request header fields too large"))
        }
        // ISO-8859-1 maps every byte to a character, so no input makes decoding fail.
        var text = String.UnicodeScalarView()
        text.append(contentsOf: buffer[start..<end].map { Unicode.Scalar($0) })
        switch parseHead(String(text), limits: limits) {
        case .success(let head): return .head(head, length: length)
        case .failure(let failure): return .failure(failure)
        }
    }

    private static func parseHead(_ text: String, limits: HTTPLimits) -> Swift.Result<RequestHead, RequestFailure> {
        let lines = text.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { return .failure(bad("Malformed request line")) }
        let method = String(requestLine[0])
        let target = String(requestLine[1])
        guard !method.isEmpty, method.unicodeScalars.allSatisfy(isTokenCharacter) else {
            return .failure(bad("Malformed method"))
        }
        guard target.hasPrefix("/"), target.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            return .failure(bad("Malformed request target"))
        }
        let version: HTTPVersion
        switch requestLine[2] {
        case "HTTP/1.1": version = .http11
        case "HTTP/1.0": version = .http10
        case let other where other.hasPrefix("HTTP/"):
            return .failure(RequestFailure(status: 505, message: "Only HTTP/1.0 and HTTP/1.1 are supported"))
        default: return .failure(bad("Malformed HTTP version"))
        }

        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            // Obsolete line folding and names with spaces are rejected (RFC 9112 §5).
            guard let colon = line.firstIndex(of: ":") else { return .failure(bad("Malformed header field")) }
            let name = line[..<colon]
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
                return .failure(bad("Malformed header field name"))
            }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            guard value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
                return .failure(bad("Control character in header field value"))
            }
            headers.add(String(name), value)
        }

        if !headers.values("Transfer-Encoding").isEmpty {
            // Chunked request bodies are not supported: none of our clients send them.
            if !headers.values("Content-Length").isEmpty {
                return .failure(bad("Both Transfer-Encoding and Content-Length"))
            }
            return .failure(RequestFailure(status: 411, message: "Send the body with a Content-Length; chunked request bodies are not supported"))
        }
        var contentLength = 0
        let lengths = Set(headers.values("Content-Length").flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } })
        if !lengths.isEmpty {
            guard lengths.count == 1, let only = lengths.first, !only.isEmpty, only.count <= 18,
                  only.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(only) else {
                return .failure(bad("Malformed Content-Length"))
            }
            contentLength = value
        }
        if contentLength > limits.maxBodyBytes {
            return .failure(RequestFailure(status: 413, message: "Request body larger than \(limits.maxBodyBytes) bytes"))
        }
        return .success(RequestHead(method: method, target: target, version: version, headers: headers, contentLength: contentLength))
    }

    private static func bad(_ message: String) -> RequestFailure {
        RequestFailure(status: 400, message: message)
    }

    /// RFC 9110 `tchar`.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": true
        default: false
        }
    }

    private static func firstIndex(of pattern: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
        guard buffer.count - start >= pattern.count else { return nil }
        var index = start
        while index <= buffer.count - pattern.count {
            if buffer[index] == pattern[0], buffer[index + 1] == pattern[1], buffer[index + 2] == pattern[2], buffer[index + 3] == pattern[3] {
                return index
            }
            index += 1
        }
        return nil
    }
}
