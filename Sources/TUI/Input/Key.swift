/// A key press (or a terminal resize), decoded from ncurses input.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case enter, escape, tab
    /// Shift-Tab.
    case backTab
    case backspace, delete
    case home, end, pageUp, pageDown
    /// F1…F63.
    case function(Int)
    /// Ctrl plus a lowercase letter; Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M arrive as `backspace`,
    /// `tab` and `enter` (the terminal sends the same bytes).
    case ctrl(Character)
    /// A printable character (any script, emoji, with its combining marks when typed together).
    case char(Character)
    /// The terminal changed size; read the new size from the terminal.
    case resize
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
        case .function(let n): "F\(n)"
        case .ctrl(let c): "Ctrl-\(c.uppercased())"
        case .char(" "): "Space"
        case .char(let c): String(c)
        case .resize: "resize"
        }
    }
}
