/// One terminal cell: a grapheme (with its combining marks) and its style. The right half of a
/// wide character is a `continuation` cell: it holds no character of its own.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: Style
    public var isContinuation: Bool

    public init(_ character: Character = " ", style: Style = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()

    /// Cells are equal when the terminal would show the same bytes: the same scalars, not merely
    /// canonically equivalent text (`Character`'s own `==` normalises, which costs a frame diff
    /// most of its time and would keep a differently encoded `é` off the screen).
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.isContinuation == rhs.isContinuation && lhs.style == rhs.style
            && lhs.character.unicodeScalars.elementsEqual(rhs.character.unicodeScalars)
    }

    public func hash(into hasher: inout Hasher) {
        for scalar in character.unicodeScalars { hasher.combine(scalar) }
        hasher.combine(style)
        hasher.combine(isContinuation)
    }
}
