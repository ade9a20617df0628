/// A 24-bit colour as designers write it; the theme maps it to what the terminal can show.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses "#8F1F1F", "8F1F1F" or the short "#F0A"; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        if digits.count == 3 { digits = Substring(digits.flatMap { [$0, $0] }) }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// "#8F1F1F".
    public var hex: String {
        "#" + [red, green, blue].map { byte in
            let s = String(byte, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    public var description: String { hex }

    public static let black = RGB(0, 0, 0)
    public static let white = RGB(255, 255, 255)
    public static let red = RGB(205, 49, 49)
    public static let green = RGB(13, 188, 121)
    public static let yellow = RGB(229, 229, 16)
    public static let blue = RGB(36, 114, 200)
    public static let grey = RGB(128, 128, 128)
}
