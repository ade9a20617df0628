import TUI

extension AppEnvironment {
    /// The terminal modes to switch on: bracketed paste always; the mouse unless `--no-mouse` or
    /// `"mouse": false` says no (see Docs/mouse-and-paste.md).
    public var terminalModes: TerminalModes {
        TerminalModes(mouse: configuration.mouse && !options.noMouse, bracketedPaste: true)
    }
}
