/// How a cell looks: optional colours (nil = the terminal's default) and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: RGB?
    public var background: RGB?
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

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
