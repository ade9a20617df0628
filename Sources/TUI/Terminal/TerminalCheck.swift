/// What must hold before the full-screen program touches the terminal: input and output are a
/// terminal, and `TERM` names one that can be addressed. Checked first, so a start without a
/// terminal says so in one line and exits, instead of drawing into a file or reading an input
/// that has ended (the exit statuses: Docs/configuration.md).
public enum TerminalCheck {
    /// Why the program can't run here, or nil.
    public static func problem(inputIsTerminal: Bool, outputIsTerminal: Bool, term: String?) -> String? {
        if !inputIsTerminal { return "standard input is not a terminal (the program reads keys from it)" }
        if !outputIsTerminal { return "standard output is not a terminal (the program draws on it)" }
        guard let term, !term.isEmpty else { return "TERM is not set: the terminal's kind is unknown" }
        if term == "dumb" { return "TERM=dumb: this terminal can't place the cursor" }
        return nil
    }
}
