import CNcurses

/// The terminal modes the app switches on beyond ncurses' own: mouse reporting (xterm's
/// press-and-release mode, `?1000`, with SGR coordinates, `?1006`, so any column can be reported)
/// and bracketed paste (`?2004`). The sequences live here only, so every way of giving the
/// terminal back (a normal stop, a signal) writes the same reset. See Docs/mouse-and-paste.md.
public struct TerminalModes: Hashable, Sendable {
    /// Report clicks and the wheel (off: the terminal keeps its own text selection).
    public var mouse: Bool
    /// Mark pasted text, so it arrives whole instead of as keys.
    public var bracketedPaste: Bool

    public init(mouse: Bool = true, bracketedPaste: Bool = true) {
        self.mouse = mouse
        self.bracketedPaste = bracketedPaste
    }

    /// What the app uses unless told otherwise (`--no-mouse`, `"mouse": false`).
    public static let standard = TerminalModes()
    /// Nothing beyond ncurses.
    public static let none = TerminalModes(mouse: false, bracketedPaste: false)

    /// Switches the chosen modes on.
    public var enableSequence: String {
        var sequence = ""
        if mouse { sequence += "\u{1B}[?1000h\u{1B}[?1006h" }
        if bracketedPaste { sequence += "\u{1B}[?2004h" }
        return sequence
    }

    /// Switches every one of them off, whichever were on (the motion modes `?1002` and `?1003`
    /// too, in case something else left them on), and auto-wrap back on (`?7h`, every
    /// terminal's default: a signal may land while a cluster is written with it off, Docs/
    /// configuration.md, "Wide characters and emoji"): written on every way out.
    public static let resetSequence = "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?2004l\u{1B}[?7h"

    /// The input prefixes ncurses returns as single codes, for `InputDecoder` to gather what
    /// follows. They replace a terminfo `kmous` (ncurses would otherwise parse mouse reports
    /// itself, in whichever encoding the terminfo entry names, and only after `mousemask`).
    static let keyDefinitions: [(sequence: String, code: Int32)] = [
        ("\u{1B}[<", InputDecoder.mouseCode),
        ("\u{1B}[M", InputDecoder.legacyMouseCode),
        ("\u{1B}[200~", InputDecoder.pasteStartCode),
        ("\u{1B}[201~", InputDecoder.pasteEndCode),
    ]
}
