/// How much a key bar needs an item. A bar too narrow for all of its items leaves out the least
/// important first (the last of equals first), keeping the order of those it shows: the live
/// tools go before a screen's own keys, and `q` and `?` go last.
public enum KeyImportance: Int, Comparable, Sendable {
    /// Shown when there is room; the help lists it anyway (`n`, `f`).
    case extra
    /// Useful, not needed to get on (forgetting the flow's progress).
    case secondary
    /// What the screen is for (move, open, next, back).
    case primary
    /// The way out and the way to the rest (`q`, `?`).
    case essential

    public static func < (lhs: KeyImportance, rhs: KeyImportance) -> Bool { lhs.rawValue < rhs.rawValue }
}
