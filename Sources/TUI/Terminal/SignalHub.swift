import CNcurses

/// The process-wide signal plumbing, in one place. The handlers live in C (they must be
/// async-signal-safe) and keep their state in a `static` variable of the shim, which every
/// object file using them would get its own copy of — so this is the only file that calls them,
/// and nothing here is inlined elsewhere: a release build compiles each file to its own object
/// and would otherwise copy these calls, and the state with them, into the event loop's (the
/// wake handler then wrote to one copy while the loop read another, and SIGTERM was ignored).
/// `.ci/release-link` checks that the release binaries hold one copy.
enum SignalHub {
    /// Signals that end the event loop (through the wake pipe).
    static let terminating: [Int32] = [SIGTERM, SIGHUP, SIGINT]

    /// Every signal whose default action ends the process (USR1, QUIT, ALRM, SEGV, ABRT, …) and
    /// `exit` restore the terminal before the process dies, on an alternate stack; SIGPIPE is
    /// ignored. Installed once, by the thread that runs the terminal. See Docs/security.md.
    @inline(never)
    static func installFatalHandlers() { ctui_install_fatal_handlers() }

    /// Forgets that the handlers are in, so that a forked child in a test installs them itself.
    /// Here and not in the test: the state is the header's static, one copy in each module that
    /// includes it, and the handlers are this module's.
    static func forgetFatalHandlersInstalled() { ctui_state().pointee.fatal_installed = 0 }

    /// Saves the terminal's modes on `descriptor` (before curses changes them): what a dying
    /// handler puts back.
    @discardableResult
    @inline(never)
    static func saveTerminalModes(descriptor: Int32) -> Bool { ctui_save_terminal_modes(descriptor) == 0 }

    /// Builds the sequences a dying handler writes, from the terminal's terminfo entry and
    /// `TerminalModes.resetSequence` (the one reset of the app's own modes); curses must be
    /// started for the terminfo part.
    @inline(never)
    static func prepareTerminalReset() { ctui_prepare_terminal_reset(TerminalModes.resetSequence) }

    /// What a dying handler writes (for tests).
    @inline(never)
    static var terminalReset: [UInt8] {
        withUnsafeBytes(of: ctui_state().pointee.reset) { Array($0.prefix(ctui_state().pointee.reset_length)) }
    }

    /// Sends `signal` to the terminal-restoring handler, then to its present action (tests, which
    /// can't rely on what `installFatalHandlers` found when it ran once). These hooks stay in this
    /// module although only tests call them: the shim's functions are `static inline`, and each
    /// module that compiles them has its own copy of the handlers' state.
    @inline(never)
    static func installDyingHandler(for signal: Int32) { ctui_install_dying_handler(signal) }

    /// Gives the calling thread the alternate stack the handlers run on.
    @discardableResult
    @inline(never)
    static func installAlternateStack() -> Bool { ctui_install_alternate_stack() == 0 }

    /// Whether `signal`'s default action ends the process.
    @inline(never)
    static func endsProcess(_ signal: Int32) -> Bool { ctui_signal_ends_process(signal) != 0 }

    /// Whether curses owns the terminal (the fatal path calls `endwin` only then).
    @inline(never)
    static func setCursesActive(_ active: Bool) { ctui_set_curses_active(active ? 1 : 0) }
    @inline(never)
    static var isCursesActive: Bool { ctui_is_curses_active() != 0 }

    /// Chains a handler after ncurses' SIGWINCH handler that wakes the event loop.
    @inline(never)
    static func chainResizeWake() { ctui_chain_winch() }

    /// Whether the terminal was resized since the last call (the chained handler's record).
    @inline(never)
    static func takeResize() -> Bool { ctui_take_resize() != 0 }

    /// The stop signal and its continuation: the loop gives the terminal back before it stops
    /// and takes it back after (ncurses' own SIGTSTP handler knows nothing of the mouse and paste
    /// modes, so it is replaced while the loop runs).
    static let stopping: [Int32] = [SIGTSTP, SIGCONT]

    /// Terminating and stop signals and resizes write to `descriptor` from now on.
    @inline(never)
    static func installWake(descriptor: Int32) {
        _ = ctui_take_pending_signal()
        ctui_set_wake_fd(descriptor)
        for signal in terminating + stopping { ctui_install_wake_handler(signal) }
    }

    /// Puts back the signals' previous handlers and stops writing to the pipe.
    @inline(never)
    static func removeWake() {
        for signal in terminating + stopping { ctui_restore_wake_handler(signal) }
        ctui_set_wake_fd(-1)
    }

    /// Stops the process (SIGTSTP's default action) and returns when it is continued.
    @inline(never)
    static func stopProcess() { ctui_stop_process() }

    /// The terminating signal that arrived since the last call, if any.
    @inline(never)
    static func takePendingSignal() -> Int32? {
        let signal = ctui_take_pending_signal()
        return signal == 0 ? nil : signal
    }
}
