import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// What must hold before a full-screen program touches the terminal: its input and output are a
/// terminal, and `TERM` names one whose terminfo entry can place the cursor. Checked before the
/// terminal starts, so a start without one says what is missing in one line instead of drawing
/// into a file or reading an input that has ended (the exit statuses: Docs/configuration.md).
public enum TerminalCheck {
    /// What terminfo says of a terminal type.
    public enum Entry: Hashable, Sendable {
        /// The entry exists and can place the cursor.
        case usable
        /// No entry of that name on this system.
        case missing
        /// No terminfo database at all.
        case noDatabase
        /// The entry exists but can't place the cursor (`dumb`, a hard-copy terminal).
        case cannotAddressCursor
    }

    /// Why the program can't run here, or nil. `entry` looks a terminal type up (terminfo by
    /// default; tests pass their own).
    public static func problem(
        inputIsTerminal: Bool, outputIsTerminal: Bool, term: String?,
        entry: (String) -> Entry = TerminalCheck.terminfoEntry
    ) -> String? {
        if !inputIsTerminal { return "standard input is not a terminal: run it in a terminal, it reads keys from there" }
        if !outputIsTerminal { return "standard output is not a terminal: run it in a terminal, it draws there" }
        guard let term, !term.isEmpty else {
            return "TERM is not set, so the kind of terminal is unknown (set it, e.g. TERM=xterm-256color)"
        }
        switch entry(term) {
        case .usable:
            return nil
        case .missing:
            return "TERM=\(term) has no terminfo entry on this system (install it, e.g. the ncurses-term package, "
                + "or set TERM to a terminal that has one, e.g. xterm-256color)"
        case .noDatabase:
            return "no terminfo database was found to look TERM=\(term) up in (install ncurses-base, or set TERMINFO)"
        case .cannotAddressCursor:
            return "TERM=\(term) can't place the cursor, and a full-screen program needs a terminal that can "
                + "(e.g. TERM=xterm-256color)"
        }
    }

    /// The process's own standard input and output, and `term`.
    public static func problem(term: String?) -> String? {
        problem(inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1, term: term)
    }

    /// Looks `type` up in terminfo as ncurses will (its search path, `TERMINFO`, `TERMINFO_DIRS`,
    /// `~/.terminfo`), without starting curses or writing to any terminal.
    public static func terminfoEntry(_ type: String) -> Entry {
        switch ctui_terminfo_status(type) {
        case 1: return .usable
        case 2: return .cannotAddressCursor
        case -1: return .noDatabase
        default: return .missing
        }
    }
}
