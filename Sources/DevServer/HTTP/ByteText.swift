/// Small checks and conversions on raw request bytes, so parsing never builds a string it
/// would throw away.
enum ByteText {
    /// RFC 9110 `tchar`.
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `bytes[start..<end]` as text: UTF-8 when it is all ASCII, else ISO-8859-1, which maps
    /// every byte to a character so no input makes decoding fail.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, ascii: Bool) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if ascii { return String(decoding: slice, as: UTF8.self) }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: slice.map { Unicode.Scalar($0) })
        return String(text)
    }

    /// ASCII case-insensitive equality with a lower-case literal.
    static func equalsIgnoringCase<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        return zip(bytes, expected).allSatisfy { lowered($0) == $1 }
    }

    static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte | 0x20 : byte
    }

    /// A non-negative decimal of at most 18 digits, spaces around it allowed; nil otherwise.
    static func decimal<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        let digits = bytes.drop { $0 == 32 || $0 == 9 }.reversed().drop { $0 == 32 || $0 == 9 }.reversed()
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// Appends `value` (non-negative) in decimal.
    static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        guard value >= 10 else { buffer.append(UInt8(48 + max(0, value))); return }
        appendDecimal(value / 10, to: &buffer)
        buffer.append(UInt8(48 + value % 10))
    }
}
