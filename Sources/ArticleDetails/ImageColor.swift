/// A 24-bit colour, as image URLs spell it.
public struct ImageColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `rrggbb` or the short `rgb` (each digit doubled: `fff` is `ffffff`), any case, no `#`.
    public init?(hex: some StringProtocol) {
        var digits: [UInt8] = []
        for character in hex.utf8 {
            guard let digit = Self.hexValue(character) else { return nil }
            digits.append(digit)
        }
        switch digits.count {
        case 3: digits = digits.flatMap { [$0, $0] }
        case 6: break
        default: return nil
        }
        red = digits[0] << 4 | digits[1]
        green = digits[2] << 4 | digits[3]
        blue = digits[4] << 4 | digits[5]
    }

    /// `rrggbb`, lower case.
    public var description: String {
        let hex = Array("0123456789abcdef")
        return String([red, green, blue].flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] })
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
