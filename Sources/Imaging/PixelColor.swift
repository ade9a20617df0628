/// One 8-bit RGBA pixel value.
public struct PixelColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 255 is opaque, 0 fully transparent.
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `rrggbb` or the short `rgb` (each digit doubled), any case, no `#`; nil for anything else.
    public init?(hex: some StringProtocol) {
        var digits: [UInt8] = []
        for byte in hex.utf8 {
            guard let digit = Self.hexValue(byte), digits.count < 6 else { return nil }
            digits.append(digit)
        }
        switch digits.count {
        case 3: digits = digits.flatMap { [$0, $0] }
        case 6: break
        default: return nil
        }
        self.init(red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3], blue: digits[4] << 4 | digits[5])
    }

    /// `rrggbb`, lower case (alpha left out).
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    public var description: String { alpha == 255 ? hex : "\(hex)@\(alpha)" }

    public static let black = PixelColor(red: 0, green: 0, blue: 0)
    public static let white = PixelColor(red: 255, green: 255, blue: 255)
    public static let clear = PixelColor(red: 0, green: 0, blue: 0, alpha: 0)

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
