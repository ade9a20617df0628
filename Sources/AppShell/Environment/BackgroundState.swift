import TUI

/// The terminal's background as the app draws for it (pictures without colour: Docs/
/// configuration.md, "Terminals"): as known at start (the setting, `COLORFGBG`; a replay, its
/// recording's header), then as the terminal answers. Shared by the shell, which takes the
/// answer (a `Key.background`, recorded like a key, so a replay turns at the same moment), and
/// the views that draw pictures.
public final class BackgroundState {
    /// What the first frame was drawn for; read when first needed (the terminal decides it as it
    /// starts, after the environment is made).
    public let atStart: () -> TerminalBackground
    /// The terminal's answer, once it has come.
    package var answered: TerminalBackground?

    public init(atStart: @escaping () -> TerminalBackground) { self.atStart = atStart }

    public var current: TerminalBackground { answered ?? atStart() }
}
