import TUI

extension AppEnvironment {
    /// The terminal modes to switch on: bracketed paste always; the mouse unless `--no-mouse` or
    /// `"mouse": false` says no (see Docs/mouse-and-paste.md).
    package static func terminalModes(_ configuration: AppConfiguration, _ options: LaunchOptions) -> TerminalModes {
        TerminalModes(mouse: configuration.mouse && !options.noMouse, bracketedPaste: true)
    }
}

extension AppEnvironment.Inputs {
    /// The terminal modes the run's terminal starts with (`AppEnvironment.terminalModes`).
    package var terminalModes: TerminalModes { AppEnvironment.terminalModes(configuration, options) }
    /// The background the terminal is told to assume, when the command line or the
    /// configuration says one (Docs/configuration.md, "Terminals").
    package var terminalBackground: TerminalBackground? { (options.background ?? configuration.background).forced }
}
