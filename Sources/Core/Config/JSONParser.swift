/// A strict JSON parser (RFC 8259) for configuration and scenario files, straight to
/// `JSONValue`. `JSONDecoder` got there through Codable, trying each kind of value in turn and
/// throwing on every miss: most of a millisecond before the first frame. Errors say where, by
/// line and column, which JSONDecoder did not.
public struct JSONParser {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var problem: String
        public var description: String { "line \(line), column \(column): \(problem)" }
    }

    /// Deeper nesting than any configuration needs; stops hostile input from exhausting the stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes)
        // A UTF-8 byte order mark is tolerated, as JSONDecoder did.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        skipWhitespace()
        guard let byte = peek() else { throw failure("unexpected end of the file, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value, found \(Self.describe(byte))")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        index += 1 // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
            let keyStart = index
            let key = try string()
            // A repeated key would silently keep one of two values (which one differs between
            // parsers); a configuration must say one thing. See Docs/security.md.
            guard members[key] == nil else {
                throw failure("the key \(key.quoted()) appears twice in this object", at: keyStart)
            }
            skipWhitespace()
            try expect(":", "after the key \(key.quoted())")
            members[key] = try value(depth: depth + 1)
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect("}", "or , between members")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        index += 1 // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect("]", "or , between elements")
            return .array(elements)
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1 // opening quote
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek() else { throw failure("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &utf8)
            case 0..<0x20:
                index -= 1
                throw failure("a control character inside a string (write it as an escape)")
            default:
                utf8.append(byte)
            }
        }
    }

    private mutating func escape(into utf8: inout [UInt8]) throws(Failure) {
        guard let byte = peek() else { throw failure("unterminated string") }
        index += 1
        if let replacement = Self.unescaped(byte) {
            utf8.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else { index -= 1; throw failure("unknown escape \\\(Self.describe(byte))") }
        var scalar = try hexQuad()
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate must be followed by an escaped low one.
            guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else { throw failure("a lone surrogate in \\u escape") }
            index += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw failure("a lone surrogate in \\u escape")
        }
        // Every value left is a valid scalar (surrogates were handled above).
        utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else { throw failure("expected four hex digits after \\u") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw failure("expected a digit") }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek(), Self.isDigit(digit) else { throw failure("expected a digit after the decimal point") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), Self.isDigit(digit) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            index = start
            throw failure("the number \(text) is out of range")
        }
        return number
    }

    // MARK: Helpers

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard peek() == expected else { throw failure("expected \(word)") }
            index += 1
        }
    }

    private mutating func expect(_ character: Unicode.Scalar, _ context: String) throws(Failure) {
        guard peek() == UInt8(ascii: character) else {
            let found = peek().map(Self.describe) ?? "the end of the file"
            throw failure("expected \(character) \(context), found \(found)")
        }
        index += 1
    }

    /// What a one-character escape (`\n`, `\"`, …) stands for.
    private static func unescaped(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    /// Where `index` (or `position`) is, counted in lines and characters (columns start at 1).
    private func failure(_ problem: String, at position: Int? = nil) -> Failure {
        let end = min(position ?? index, bytes.count)
        let before = bytes[..<end]
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return Failure(line: line, column: column, problem: problem)
    }
}
