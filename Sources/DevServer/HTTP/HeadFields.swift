/// The request line and header field lines of a complete head, checked byte by byte (RFC 9112):
/// what `RequestParser` calls once the blank line has arrived.
enum HeadFields {
    /// `bytes[start..<end]` is the request line and the field lines, each ending in CRLF.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, limits: HTTPLimits) -> Result<RequestHead, RequestFailure> {
        guard let requestLineEnd = lineEnd(bytes, from: start, before: end) else {
            return .failure(.bad("Malformed request line"))
        }
        guard requestLineEnd - start <= limits.maxRequestLineBytes else { return .failure(requestLineTooLong(limits)) }
        let line: RequestLine
        switch RequestLine.parse(bytes, from: start, to: requestLineEnd) {
        case .success(let parsed): line = parsed
        case .failure(let failure): return .failure(failure)
        }

        var fields = Fields(version: line.version)
        var index = requestLineEnd + 2
        while index < end {
            guard let fieldEnd = lineEnd(bytes, from: index, before: end) else { return .failure(.bad("Malformed header field")) }
            guard fieldEnd - index <= limits.maxHeaderLineBytes else {
                return .failure(RequestFailure(status: 431, message: "Header field line longer than \(limits.maxHeaderLineBytes) bytes"))
            }
            guard fields.headers.fields.count < limits.maxHeaderFields else {
                return .failure(RequestFailure(status: 431, message: "More than \(limits.maxHeaderFields) header fields"))
            }
            if let failure = fields.add(bytes, from: index, to: fieldEnd) { return .failure(failure) }
            index = fieldEnd + 2
        }
        return fields.head(line, limits: limits)
    }

    static func requestLineTooLong(_ limits: HTTPLimits) -> RequestFailure {
        RequestFailure(status: 414, message: "Request line longer than \(limits.maxRequestLineBytes) bytes")
    }

    /// The index of the CR of the CRLF that ends the line starting at `start`.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        var index = start
        while index + 1 < end {
            if bytes[index] == RequestParser.cr { return bytes[index + 1] == RequestParser.lf ? index : nil }
            if bytes[index] == RequestParser.lf { return nil }
            index += 1
        }
        return nil
    }

    /// What the header fields say, gathered while they are read.
    private struct Fields {
        var headers = HTTPHeaders()
        var lengths: [Int] = []
        var badLength = false
        var transferEncoding = false
        let version: HTTPVersion
        var connection: String?
        var expectsContinue = false
        var host: String?
        var hosts = 0

        init(version: HTTPVersion) {
            self.version = version
        }

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> RequestFailure? {
            var colon = start
            while colon < end, bytes[colon] != UInt8(ascii: ":") {
                // Obsolete line folding and names with spaces are rejected (RFC 9112 §5).
                guard ByteText.isToken(bytes[colon]) else { return .bad("Malformed header field name") }
                colon += 1
            }
            guard colon < end else { return .bad("Malformed header field") }
            guard colon > start else { return .bad("Malformed header field name") }
            var valueStart = colon + 1
            var valueEnd = end
            while valueStart < valueEnd, bytes[valueStart] == 32 || bytes[valueStart] == 9 { valueStart += 1 }
            while valueEnd > valueStart, bytes[valueEnd - 1] == 32 || bytes[valueEnd - 1] == 9 { valueEnd -= 1 }
            var ascii = true
            for index in valueStart..<valueEnd {
                let byte = bytes[index]
                guard byte == 9 || (byte >= 0x20 && byte != 0x7F) else { return .bad("Control character in header field value") }
                if byte >= 0x80 { ascii = false }
            }
            let name = ByteText.string(bytes, start, colon, ascii: true)
            let value = ByteText.string(bytes, valueStart, valueEnd, ascii: ascii)
            headers.add(name, value)
            remember(name: UnsafeBufferPointer(rebasing: bytes[start..<colon]), value: value)
            return nil
        }

        private mutating func remember(name: UnsafeBufferPointer<UInt8>, value: String) {
            if ByteText.equalsIgnoringCase(name, "content-length") {
                for part in value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                    guard let length = ByteText.decimal(part) else { badLength = true; continue }
                    lengths.append(length)
                }
            } else if ByteText.equalsIgnoringCase(name, "transfer-encoding") {
                transferEncoding = true
            } else if ByteText.equalsIgnoringCase(name, "connection") {
                if connection == nil { connection = value }
            } else if ByteText.equalsIgnoringCase(name, "expect") {
                expectsContinue = value.lowercased() == "100-continue"
            } else if ByteText.equalsIgnoringCase(name, "host") {
                hosts += 1
                host = value
            }
        }

        func head(_ line: RequestLine, limits: HTTPLimits) -> Result<RequestHead, RequestFailure> {
            if transferEncoding {
                // Chunked request bodies are not supported: none of our clients send them.
                if !lengths.isEmpty || badLength { return .failure(.bad("Both Transfer-Encoding and Content-Length")) }
                return .failure(RequestFailure(status: 411, message: "Send the body with a Content-Length; chunked request bodies are not supported"))
            }
            guard !badLength, Set(lengths).count <= 1 else { return .failure(.bad("Malformed Content-Length")) }
            let contentLength = lengths.first ?? 0
            guard contentLength <= limits.maxBodyBytes else {
                return .failure(RequestFailure(status: 413, message: "Request body larger than \(limits.maxBodyBytes) bytes"))
            }
            // Two Host fields could name two servers (RFC 9112 §3.2).
            guard hosts <= 1 else { return .failure(.bad("More than one Host field")) }
            return .success(RequestHead(
                method: line.method, target: line.target, version: line.version, headers: headers,
                contentLength: contentLength, keepAlive: ServerRequest.keepAlive(version: version, connection: connection), expectsContinue: expectsContinue, host: host))
        }
    }
}
