import TUI

/// `--background` and the configuration's `"background"`: the terminal's background as the
/// user says, or `auto` to find it out (Docs/configuration.md, "Terminals").
public enum BackgroundSetting: String, CaseIterable, Hashable, Sendable {
    case auto, dark, light

    /// The background it forces; nil for `auto`.
    public var forced: TerminalBackground? {
        switch self {
        case .auto: nil
        case .dark: .dark
        case .light: .light
        }
    }
}
