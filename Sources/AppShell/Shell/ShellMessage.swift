import Articles
import Navigation
import Profile

/// Everything the shell's event loop carries besides keys: the domain events that background
/// effects send back, and the shell's own timers.
public enum ShellMessage: Sendable {
    case navigation(NavigationEvent)
    case articles(ArticlesEvent)
    case profile(ProfileEvent)
    /// Redraw for the spinner (scheduled only while the top screen animates).
    case animationFrame
    /// The toast's deadline has passed.
    case toastExpired
    /// A request began or ended (the `NetworkMonitor` saw it): redraw the network inspector and
    /// the fault panel. The shell keeps this one; screens never get it.
    case networkActivity
}
