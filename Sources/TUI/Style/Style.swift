/// How a cell looks: optional colours (nil = the terminal's default) and attributes.
///
/// Stored as seven bytes, the colours' channels and one byte of flags, so that a `Cell` is 12
/// bytes with no padding rather than 20: a frame is drawn, copied and compared whole at every key
/// press, and after a pause each of its cache lines comes back from memory (Docs/performance.md,
/// "The sixth round"). A colour that is nil keeps zero channels, so equal styles are equal bytes.
public struct Style: Hashable, Sendable {
    private var foregroundRed: UInt8 = 0
    private var foregroundGreen: UInt8 = 0
    private var foregroundBlue: UInt8 = 0
    private var backgroundRed: UInt8 = 0
    private var backgroundGreen: UInt8 = 0
    private var backgroundBlue: UInt8 = 0
    private var flags: UInt8 = 0

    private static let boldFlag: UInt8 = 1 << 0
    private static let dimFlag: UInt8 = 1 << 1
    private static let reverseFlag: UInt8 = 1 << 2
    private static let underlineFlag: UInt8 = 1 << 3
    private static let foregroundFlag: UInt8 = 1 << 4
    private static let backgroundFlag: UInt8 = 1 << 5

    public init(
        foreground: RGB? = nil, background: RGB? = nil,
        bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    public var foreground: RGB? {
        get { flags & Self.foregroundFlag != 0 ? RGB(foregroundRed, foregroundGreen, foregroundBlue) : nil }
        set {
            (foregroundRed, foregroundGreen, foregroundBlue) = newValue.map { ($0.red, $0.green, $0.blue) } ?? (0, 0, 0)
            setFlag(Self.foregroundFlag, newValue != nil)
        }
    }

    public var background: RGB? {
        get { flags & Self.backgroundFlag != 0 ? RGB(backgroundRed, backgroundGreen, backgroundBlue) : nil }
        set {
            (backgroundRed, backgroundGreen, backgroundBlue) = newValue.map { ($0.red, $0.green, $0.blue) } ?? (0, 0, 0)
            setFlag(Self.backgroundFlag, newValue != nil)
        }
    }

    public var bold: Bool {
        get { flags & Self.boldFlag != 0 }
        set { setFlag(Self.boldFlag, newValue) }
    }

    public var dim: Bool {
        get { flags & Self.dimFlag != 0 }
        set { setFlag(Self.dimFlag, newValue) }
    }

    public var reverse: Bool {
        get { flags & Self.reverseFlag != 0 }
        set { setFlag(Self.reverseFlag, newValue) }
    }

    public var underline: Bool {
        get { flags & Self.underlineFlag != 0 }
        set { setFlag(Self.underlineFlag, newValue) }
    }

    private mutating func setFlag(_ flag: UInt8, _ on: Bool) {
        flags = on ? flags | flag : flags & ~flag
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)
    public static let underline = Style(underline: true)

    // Chainable modifiers: `Style.plain.foreground(.red).bolded()`.
    public func foreground(_ color: RGB?) -> Style { var s = self; s.foreground = color; return s }
    public func background(_ color: RGB?) -> Style { var s = self; s.background = color; return s }
    public func bolded(_ on: Bool = true) -> Style { var s = self; s.bold = on; return s }
    public func dimmed(_ on: Bool = true) -> Style { var s = self; s.dim = on; return s }
    public func reversed(_ on: Bool = true) -> Style { var s = self; s.reverse = on; return s }
    public func underlined(_ on: Bool = true) -> Style { var s = self; s.underline = on; return s }
}
