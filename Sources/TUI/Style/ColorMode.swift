/// What the terminal gets for an `RGB`.
public enum ColorMode: Hashable, Sendable {
    /// The exact colour, on terminal types that take 24-bit colour numbers (`xterm-direct`,
    /// `tmux-direct`, …: `COLORS` is 2^24). See Docs/images.md, "True colour".
    case direct
    /// The nearest of xterm's 6x6x6 cube and 24 greys (indices 16…255).
    case xterm256
    /// The 16 ANSI colours (indices 0…15), on terminals with 16 to 255 colours: UI colours as in
    /// `basic8`; pictures get the bright eight too (see `Theme.nearestANSI`).
    case basic16
    /// The nearest of the 8 basic ANSI colours (indices 0…7).
    case basic8
    /// No colour at all: attributes (bold, dim, reverse, underline) only.
    case none

    /// The colour count of a direct-colour terminfo entry (`colors#0x1000000`).
    public static let directColorCount = 1 << 24

    /// Picks the mode from the terminal's colour count (`COLORS`, 0 when it has none), the
    /// environment and the `--no-color` flag. `NO_COLOR` counts when set to any non-empty
    /// value (no-color.org).
    public static func decide(colors: Int, environment: [String: String], noColorFlag: Bool) -> ColorMode {
        if noColorFlag { return .none }
        if let value = environment["NO_COLOR"], !value.isEmpty { return .none }
        if colors >= directColorCount { return .direct }
        if colors >= 256 { return .xterm256 }
        if colors >= 16 { return .basic16 }
        if colors >= 8 { return .basic8 }
        return .none
    }
}
