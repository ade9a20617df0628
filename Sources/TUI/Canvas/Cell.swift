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
}
