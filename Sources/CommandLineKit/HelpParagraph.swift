/// A piece of prose in `--help` and the man page.
public enum HelpParagraph: Equatable, Sendable {
    /// Running text, wrapped to the width of the terminal or the page.
    case text(String)
    /// Lines kept as written (examples, small tables).
    case verbatim([String])
}
