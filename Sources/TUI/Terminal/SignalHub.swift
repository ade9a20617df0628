import CNcurses

/// The process-wide signal plumbing, in one place. The handlers live in C (they must be
/// async-signal-safe) and keep their state in `static` variables of the shim, which every
/// object file using them would get its own copy of — so this is the only file that calls them.
enum SignalHub {
    /// Signals that end the event loop (through the wake pipe).
    static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// Fatal signals and `exit` restore the terminal before the process dies. Installed once.
    static func installFatalHandlers() { ctui_install_fatal_handlers() }

    /// Whether curses owns the terminal (the fatal path calls `endwin` only then).
    static func setCursesActive(_ active: Bool) { ctui_set_curses_active(active ? 1 : 0) }
    static var isCursesActive: Bool { ctui_is_curses_active() != 0 }

    /// Chains a handler after ncurses' SIGWINCH handler that wakes the event loop.
    static func chainResizeWake() { ctui_chain_winch() }

    /// Terminating signals and resizes write to `descriptor` from now on.
    static func installWake(descriptor: Int32) {
        _ = ctui_take_pending_signal()
        ctui_set_wake_fd(descriptor)
        for signal in terminating { ctui_install_wake_handler(signal) }
    }

    /// Puts back the terminating signals' previous handlers and stops writing to the pipe.
    static func removeWake() {
        for signal in terminating { ctui_restore_wake_handler(signal) }
        ctui_set_wake_fd(-1)
    }

    /// The terminating signal that arrived since the last call, if any.
    static func takePendingSignal() -> Int32? {
        let signal = ctui_take_pending_signal()
        return signal == 0 ? nil : signal
    }
}
