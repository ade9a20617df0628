/// Which terminfo entry sends 24-bit colour for a terminal whose `TERM` names a palette entry
/// (`xterm-256color`) while `COLORTERM` says it shows true colour. ncurses sends RGB only
/// through a direct-colour entry (`colors#0x1000000`, ncurses-term's `xterm-direct`,
/// `tmux-direct`…), so the matching one is opened instead when it is installed; otherwise the
/// palette entry stays. See Docs/images.md, "True colour".
public enum DirectColorType {
    /// `COLORTERM` is `truecolor` or `24bit` (the values terminals set; any case).
    public static func claimsTrueColor(_ environment: [String: String]) -> Bool {
        guard let value = environment["COLORTERM"]?.lowercased() else { return false }
        return value == "truecolor" || value == "24bit"
    }

    /// The direct-colour entry named like `term`: its base (`xterm` of `xterm-256color`) +
    /// `-direct`; nil for an entry that is direct already or has no name.
    public static func candidate(for term: String) -> String? {
        if term.isEmpty || term.contains("-direct") || term.contains("/") { return nil }
        if let renamed = renamed[term] { return renamed }
        var base = Substring(term)
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            break
        }
        return base + "-direct"
    }

    /// The entry to open in place of `term`, or nil to open `term` itself. `isInstalled` asks
    /// terminfo (`setupterm`, which never ends the program over a missing entry).
    public static func entry(for term: String?, environment: [String: String], isInstalled: (String) -> Bool) -> String? {
        guard let term, claimsTrueColor(environment), let candidate = candidate(for: term), isInstalled(candidate) else { return nil }
        return candidate
    }

    /// Terminals whose `TERM` and direct entry are named differently.
    private static let renamed = ["xterm-kitty": "kitty-direct"]
}
