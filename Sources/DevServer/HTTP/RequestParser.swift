import Glibc

/// Parses the head of a request from the bytes received so far, without copying them and
/// without turning them into strings until they are known to be good. Pure, so every
/// malformed input is tested without a socket. Limits: see `HTTPLimits`.
enum RequestParser {
    enum Result: Equatable {
        /// More bytes needed.
        case incomplete
        /// `length` bytes of the buffer (blank line included) were the head.
        case head(RequestHead, length: Int)
        case failure(RequestFailure)
    }

    static let cr: UInt8 = 13
    static let lf: UInt8 = 10

    static func parse(_ buffer: [UInt8], limits: HTTPLimits) -> Result {
        buffer.withUnsafeBufferPointer { parse($0, searchFrom: 0, limits: limits) }
    }

    /// `searchFrom`: how many bytes were already searched for the blank line without finding
    /// it, so bytes trickling in cost one scan in all, not one per arrival.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, searchFrom: Int, limits: HTTPLimits) -> Result {
        // A client may send stray CRLFs between requests (RFC 9112 §2.2): skipped, but counted
        // against the head's limit so they can't fill memory either.
        var start = 0
        while start + 1 < bytes.count, bytes[start] == cr, bytes[start + 1] == lf { start += 2 }
        guard let end = endOfHead(bytes, from: max(start, searchFrom - 3), notBefore: start) else {
            return bytes.count > limits.maxHeadBytes ? .failure(tooLarge(bytes, from: start, limits)) : .incomplete
        }
        let length = end + 4
        guard length <= limits.maxHeadBytes else { return .failure(tooLarge(bytes, from: start, limits)) }
        switch HeadFields.parse(bytes, from: start, to: end + 2, limits: limits) {
        case .success(let head): return .head(head, length: length)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// A head past its limit: 414 when its request line alone is past the line's limit (a long
    /// URI, Docs/server.md), 431 when the fields are.
    private static func tooLarge(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ limits: HTTPLimits) -> RequestFailure {
        // The request line is too long when one byte more than it may hold has come without its CR.
        let lineRoom = limits.maxRequestLineBytes + 1
        if bytes.count - start >= lineRoom, memchr(bytes.baseAddress! + start, Int32(cr), lineRoom) == nil {
            return HeadFields.requestLineTooLong(limits)
        }
        return RequestFailure(status: 431, message: "Request header fields too large (more than \(limits.maxHeadBytes) bytes)")
    }

    /// The index of the CRLF CRLF that ends the head, searching from `from`.
    static func endOfHead(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, notBefore start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = from
        while index < bytes.count {
            guard let found = memchr(base + index, Int32(lf), bytes.count - index) else { return nil }
            let newline = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            if newline - 3 >= start, bytes[newline - 1] == cr, bytes[newline - 2] == lf, bytes[newline - 3] == cr {
                return newline - 3
            }
            index = newline + 1
        }
        return nil
    }
}
