import Foundation

/// Base64url without padding (RFC 7515 §2), as JWTs use it. Decoding is strict: one text for
/// one value, so a token can't be altered in its unused bits and still pass (RFC 4648 §3.5).
enum Base64URL {
    static func encode(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Nil for anything that isn't canonical base64url: other alphabets, padding, a length that
    /// can't be, or bits set after the last whole byte.
    static func decode(_ text: Substring) -> Data? {
        let characters = Array(text.utf8)
        guard characters.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = sextet(character) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // 2 or 4 bits may be left over; a canonical encoder leaves them zero.
        guard accumulator == 0 else { return nil }
        return Data(bytes)
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
