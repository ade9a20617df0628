/// The shell's own timers, by name: one of each runs at most (Docs/architecture.md, "Time").
package enum ShellTimer: String, CaseIterable, Sendable {
    /// The screen's toast goes.
    case toast = "shell.toast"
    /// The shell's notice goes.
    case notice = "shell.notice"
    /// The next redraw while something moves.
    case animation = "shell.animation"

    /// What the loop hands the shell when it fires.
    package var message: ShellMessage {
        switch self {
        case .toast, .notice: .toastExpired
        case .animation: .animationFrame
        }
    }
}
