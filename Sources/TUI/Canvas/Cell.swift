/// One terminal cell: a grapheme (with its combining marks) and its style. The right half of a
/// wide character is a `continuation` cell: it holds no character of its own.
///
/// Plain memory (`Glyph` holds the grapheme as a number): a canvas of cells is made, compared
/// and copied without reference counting. Cells are equal when the terminal would show the same
/// bytes: the same scalars, not merely canonically equivalent text.
public struct Cell: Hashable, Sendable {
    public var glyph: Glyph
    public var style: Style
    public var isContinuation: Bool

    public init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.init(glyph: Glyph(character), style: style, isContinuation: isContinuation)
    }

    public init(glyph: Glyph, style: Style = .plain, isContinuation: Bool = false) {
        self.glyph = glyph
        self.style = style
        self.isContinuation = isContinuation
    }

    public var character: Character {
        get { glyph.character }
        set { glyph = Glyph(newValue) }
    }

    public static let blank = Cell()
}
