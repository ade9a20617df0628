/// Whether the terminal's own background is dark (light text) or light (dark text). Pictures
/// without colour are drawn in shades of the terminal's text colour, so they need it to come out
/// the right way round; colours on few-colour terminals are kept readable against it
/// (`ReadableForeground`). How it is found: Docs/configuration.md, "Terminals".
public enum TerminalBackground: String, Hashable, Sendable, CaseIterable {
    case dark, light

    /// The colour a default background stands for in contrast checks.
    public var color: RGB { self == .dark ? RGB(0, 0, 0) : RGB(255, 255, 255) }

    /// From `COLORFGBG` (rxvt, Konsole, and others: `"15;0"`, or `"0;default;15"`): the last
    /// field is the background's ANSI colour; 7 and 9–15 are light, 0–6 and 8 dark. Nil when
    /// the variable says nothing usable.
    public init?(colorFGBG value: String) {
        guard let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
              let index = Int(last), (0...15).contains(index) else { return nil }
        self = index == 7 || index >= 9 ? .light : .dark
    }

    /// From the terminal's answer to OSC 11 (`rgb:RRRR/GGGG/BBBB`, each part 1 to 4 hex digits;
    /// xterm, VTE, kitty, iTerm2, tmux and others answer): light when black text reads better on
    /// it than white. Nil for anything else.
    public init?(osc11Answer text: Substring) {
        guard text.hasPrefix("rgb:") else { return nil }
        let parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var levels: [Double] = []
        for part in parts {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            levels.append(Double(value) / Double((1 << (4 * part.count)) - 1))
        }
        let color = RGB(UInt8(levels[0] * 255), UInt8(levels[1] * 255), UInt8(levels[2] * 255))
        let black = RGB(0, 0, 0), white = RGB(255, 255, 255)
        self = ReadableForeground.ratio(color, black) > ReadableForeground.ratio(color, white) ? .light : .dark
    }

    /// Where the user's setting, then `COLORFGBG`, says; nil when neither does (the terminal is
    /// then asked, and dark is assumed until it answers).
    public static func decide(setting: TerminalBackground?, environment: [String: String]) -> TerminalBackground? {
        if let setting { return setting }
        return environment["COLORFGBG"].flatMap { TerminalBackground(colorFGBG: $0) }
    }
}
