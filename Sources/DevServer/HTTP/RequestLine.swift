/// `METHOD /target HTTP/1.1`, checked: a token method, an origin-form target of visible ASCII,
/// HTTP/1.0 or 1.1 (another HTTP version is 505).
struct RequestLine: Equatable {
    var method: String
    var target: String
    var version: HTTPVersion

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Result<RequestLine, RequestFailure> {
        var spaces: [Int] = []
        for index in start..<end where bytes[index] == 32 {
            spaces.append(index)
            if spaces.count > 2 { break }
        }
        guard spaces.count == 2 else { return .failure(.bad("Malformed request line")) }
        let methodEnd = spaces[0], targetStart = spaces[0] + 1, targetEnd = spaces[1], versionStart = spaces[1] + 1
        guard methodEnd > start, (start..<methodEnd).allSatisfy({ ByteText.isToken(bytes[$0]) }) else {
            return .failure(.bad("Malformed method"))
        }
        guard targetEnd > targetStart, bytes[targetStart] == UInt8(ascii: "/"),
              (targetStart..<targetEnd).allSatisfy({ bytes[$0] > 0x20 && bytes[$0] < 0x7F }) else {
            return .failure(.bad("Malformed request target"))
        }
        let version = UnsafeBufferPointer(rebasing: bytes[versionStart..<end])
        let parsedVersion: HTTPVersion
        if version.elementsEqual("HTTP/1.1".utf8) {
            parsedVersion = .http11
        } else if version.elementsEqual("HTTP/1.0".utf8) {
            parsedVersion = .http10
        } else if version.starts(with: "HTTP/".utf8) {
            return .failure(RequestFailure(status: 505, message: "Only HTTP/1.0 and HTTP/1.1 are supported"))
        } else {
            return .failure(.bad("Malformed HTTP version"))
        }
        return .success(RequestLine(
            method: ByteText.string(bytes, start, methodEnd, ascii: true),
            target: ByteText.string(bytes, targetStart, targetEnd, ascii: true),
            version: parsedVersion))
    }
}
