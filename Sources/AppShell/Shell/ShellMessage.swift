/// Everything the shell's event loop carries besides keys: the events that background effects
/// send back (addressed to the screen whose effects sent them), and the shell's own timers.
public enum ShellMessage: Sendable {
    /// A feature's event, for the screen `to` (a `FeatureHost`, which knows the event's type).
    case event(any Sendable, to: ScreenID)
    /// Redraw for the spinner (scheduled only while the top screen animates).
    case animationFrame
    /// A toast's or the shell notice's deadline has passed.
    case toastExpired
    /// Posted at start, so handled once the first frame is on screen: what may wait until then
    /// (opening the encrypted store, what the launcher reads from it) happens here. The screens
    /// get it too.
    case firstFrameShown
    /// A request began or ended (the `NetworkMonitor` saw it): redraw the network inspector and
    /// the fault panel. The shell keeps this one; screens never get it.
    case networkActivity
}
