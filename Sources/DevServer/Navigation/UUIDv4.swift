import Core

/// A version-4 UUID from a seeded generator, so `--seed` repeats the session ids too.
enum UUIDv4 {
    static func make(using random: inout SeededRandom) -> String {
        var bytes = withUnsafeBytes(of: random.next().bigEndian, Array.init) + withUnsafeBytes(of: random.next().bigEndian, Array.init)
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        // Written digit by digit: formatting each byte as a string cost more than the rest of
        // an rLogin answer.
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
