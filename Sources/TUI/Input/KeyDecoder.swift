import CNcurses

/// Turns what ncurses' `get_wch` returns into `Key`s. Pure: the ncurses backend feeds it, tests
/// call it with the same numbers.
public enum KeyDecoder {
    /// One `get_wch` result: `status` is its return value (`OK`, `KEY_CODE_YES` or `ERR`),
    /// `value` what it stored. Nil for "no key" and for keys the app has no use for.
    public static func decode(status: Int32, value: UInt32) -> Key? {
        switch status {
        case OK: return decode(character: value)
        case KEY_CODE_YES: return decode(keyCode: Int32(truncatingIfNeeded: value))
        default: return nil
        }
    }

    /// A function-key code (`KEY_*`).
    public static func decode(keyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        // vt220's Find and Select sit where Home and End are, and send what tmux and rxvt send
        // for them (`ESC [ 1 ~`, `ESC [ 4 ~`): entries that name them Find and Select mean Home, End.
        case KEY_HOME, KEY_A1, KEY_FIND: return .home
        case KEY_END, KEY_C1, KEY_SELECT: return .end
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_RESIZE: return .resize
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }

    /// The key an extended terminfo key name stands for: xterm's modified keys (`kUP5` is
    /// Ctrl-↑, `kHOM3` Alt-Home), read as the plain key (Docs/keys.md, "Whatever TERM says").
    /// ncurses gives them codes above `KEY_MAX` that differ between entries, so the backend maps
    /// each code through its name (`keyname`).
    public static func key(modifiedKeyName name: String) -> Key? {
        let base = name.prefix { !$0.isNumber }
        guard name.count > base.count, name.dropFirst(base.count).allSatisfy(\.isNumber) else { return nil }
        switch base {
        case "kUP": return .up
        case "kDN": return .down
        case "kLFT": return .left
        case "kRIT": return .right
        case "kHOM": return .home
        case "kEND": return .end
        case "kPRV": return .pageUp
        case "kNXT": return .pageDown
        case "kDC": return .delete
        case "kIC": return .insert
        default: return nil
        }
    }

    /// A character (`wint_t`), in raw mode: control bytes come through as themselves.
    public static func decode(character value: UInt32) -> Key? {
        switch value {
        case 8, 127: return .backspace
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 1...26:
            guard let letter = Unicode.Scalar(value + 96) else { return nil }
            return .ctrl(Character(letter))
        case 0, 28...31, 128...159: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .char(Character(scalar))
        }
    }
}
