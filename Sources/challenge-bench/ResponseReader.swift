/// Reads HTTP/1.1 responses with a Content-Length body (what both servers send) out of a byte
/// stream, however it is split. Byte by byte and without strings: the load generator shares
/// the machine with the server it measures, so it must cost little.
struct ResponseReader {
    struct Answer: Equatable { var status: Int; var keepAlive: Bool; var bodyLength: Int }

    private var buffer: [UInt8] = []
    /// The stream was not HTTP: no status line, or a head over 64 KiB.
    private(set) var failed = false

    /// Adds received bytes; returns the answers now complete, in order.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Answer] {
        buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
        var answers: [Answer] = []
        var consumed = 0
        while let (answer, headLength) = Self.parseHead(buffer, from: consumed) {
            guard answer.status > 0 else { failed = true; break }
            let total = headLength + answer.bodyLength
            guard buffer.count - consumed >= total else { break }
            consumed += total
            answers.append(answer)
        }
        if consumed > 0 { buffer.removeFirst(consumed) }
        if answers.isEmpty, buffer.count > 64 * 1024 { failed = true }
        return answers
    }

    /// The answer whose head starts at `start`, once the head is complete, and the head's
    /// length (through the blank line). Status 0: not a status line.
    static func parseHead(_ bytes: [UInt8], from start: Int = 0) -> (answer: Answer, headLength: Int)? {
        var end = start
        while end + 3 < bytes.count {
            if bytes[end + 3] == 10, bytes[end + 2] == 13, bytes[end + 1] == 10, bytes[end] == 13 { break }
            end += 1
        }
        guard end + 3 < bytes.count else { return nil }
        // "HTTP/1.1 200 OK"
        guard end - start >= 12, bytes[start] == UInt8(ascii: "H") else { return (Answer(status: 0, keepAlive: false, bodyLength: 0), end + 4 - start) }
        let status = (start + 9..<start + 12).reduce(0) { $0 * 10 + Int(bytes[$1]) - 48 }
        var keepAlive = bytes[start + 7] == UInt8(ascii: "1")
        var length = 0
        var line = start
        while line < end {
            var next = line
            while next < end, bytes[next] != 13 { next += 1 }
            if let value = value(of: "content-length:", in: bytes, line: line, end: next) {
                length = (value..<next).reduce(0) { bytes[$1] >= 48 && bytes[$1] <= 57 ? $0 * 10 + Int(bytes[$1]) - 48 : $0 }
            } else if let value = value(of: "connection:", in: bytes, line: line, end: next) {
                let first = bytes[value] | 0x20
                keepAlive = first == UInt8(ascii: "k") || (keepAlive && first != UInt8(ascii: "c"))
            }
            line = next + 2
        }
        return (Answer(status: status, keepAlive: keepAlive, bodyLength: length), end + 4 - start)
    }

    /// Where the value starts (spaces skipped) if the line is the field `name` (lower case,
    /// colon included), matched case-insensitively.
    private static func value(of name: StaticString, in bytes: [UInt8], line: Int, end: Int) -> Int? {
        let count = name.utf8CodeUnitCount
        guard end - line > count else { return nil }
        let pattern = UnsafeBufferPointer(start: name.utf8Start, count: count)
        for offset in 0..<count where bytes[line + offset] | 0x20 != pattern[offset] | 0x20 { return nil }
        var value = line + count
        while value < end, bytes[value] == 32 { value += 1 }
        return value < end ? value : nil
    }
}
