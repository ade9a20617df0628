import Core

/// A version-4 UUID from a seeded generator, so `--seed` repeats the session ids too.
enum UUIDv4 {
    static func make(using random: inout SeededRandom) -> String {
        var bytes = withUnsafeBytes(of: random.next().bigEndian, Array.init) + withUnsafeBytes(of: random.next().bigEndian, Array.init)
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
    }
}
