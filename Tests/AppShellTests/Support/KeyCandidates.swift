import TUI

/// Keys a test presses to find out which a screen takes: every named key, F1–F12, Ctrl with
/// each letter, and the printable ASCII characters.
enum KeyCandidates {
    static let all: [Key] = {
        var keys: [Key] = [
            .up, .down, .left, .right, .enter, .escape, .tab, .backTab, .backspace, .delete, .home, .end, .pageUp, .pageDown,
        ]
        keys += (1...12).map(Key.function)
        keys += "abcdefghijklmnopqrstuvwxyz".map(Key.ctrl)
        keys += (32...126).map { Key.char(Character(Unicode.Scalar(UInt8($0)))) }
        return keys
    }()
}
