/// A key press, decoded from ncurses input — or what else arrives on the same stream: a terminal
/// resize, a mouse report, a bracketed paste (see Docs/mouse-and-paste.md).
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter, escape, tab
    /// Shift-Tab.
    case backTab
    case backspace, delete
    case home, end, pageUp, pageDown
    /// The Insert key: decoded so its sequence never reads as characters; nothing uses it.
    case insert
    /// F1…F63.
    case function(Int)
    /// Ctrl plus a lowercase letter; Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as `backspace`,
    /// `tab` and `enter` (the terminal sends the same bytes).
    case ctrl(Character)
    /// A printable character (any script, emoji, with its combining marks when typed together).
    case char(Character)
    /// The terminal changed size; read the new size from the terminal.
    case resize
    /// A click or the wheel; the app finds what is under it in the last frame's hit map.
    case mouse(MouseEvent)
    /// Text pasted while bracketed paste is on, whole: never read as keys. It may hold control
    /// characters and newlines; whoever inserts it drops them.
    case paste(String)
    /// The terminal said what its background is (its answer to the OSC 11 query, Docs/
    /// configuration.md, "Terminals"): pictures without colour are drawn for it from now on.
    case background(TerminalBackground)
}

extension Key: CustomStringConvertible {
    public var description: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .insert: "Insert"
        case .function(let n): "F\(n)"
        case .ctrl(let c): "Ctrl-\(c.uppercased())"
        case .char(" "): "Space"
        case .char(let c): String(c)
        case .resize: "resize"
        case .mouse(let event): event.description
        // Never the text itself: it may be a password.
        case .paste(let text): "paste of \(text.count) character\(text.count == 1 ? "" : "s")"
        case .background(let background): "background \(background.rawValue)"
        }
    }
}

extension Key {
    /// The key a name stands for, as `description` writes it and key bars show it: "Enter",
    /// "Esc", "Space", "↑", "PgDn", "F1", "Ctrl-C", or one printable character. Nil for
    /// anything else ("↑↓" names two keys).
    public init?(name: String) {
        switch name {
        case "↑": self = .up
        case "↓": self = .down
        case "←": self = .left
        case "→": self = .right
        case "Enter": self = .enter
        case "Esc": self = .escape
        case "Tab": self = .tab
        case "Shift-Tab": self = .backTab
        case "Backspace": self = .backspace
        case "Delete": self = .delete
        case "Home": self = .home
        case "End": self = .end
        case "PgUp": self = .pageUp
        case "PgDn": self = .pageDown
        case "Insert": self = .insert
        case "Space": self = .char(" ")
        case "background dark": self = .background(.dark)
        case "background light": self = .background(.light)
        default:
            if name.hasPrefix("F"), let n = Int(name.dropFirst()), (1...63).contains(n) {
                self = .function(n)
            } else if name.hasPrefix("Ctrl-"), name.count == 6, let letter = name.last, letter.isLetter, letter.isASCII {
                self = .ctrl(Character(letter.lowercased()))
            } else if name.count == 1, let character = name.first,
                      !character.unicodeScalars.contains(where: DisplayWidth.isControl), character != " " {
                self = .char(character)
            } else {
                return nil
            }
        }
    }
}
