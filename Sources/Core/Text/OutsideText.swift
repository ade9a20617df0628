/// Text from outside — a server's answer, a file, the command line, a recording — made safe to
/// write where a person reads it: the log, stderr, a recording, a message. A terminal acts on C0
/// and C1 control characters (`ESC ] 0 ;` retitles it, `ESC ] 52 ;` writes the clipboard,
/// U+009B starts a command on its own) and reorders or hides text around bidi and format
/// characters (U+202E turns the rest of the line around). Every one of them is written as a JSON
/// escape (`\u001b`, `\u202e`), so what was sent can still be read, and nothing acts
/// (Docs/security.md, "Outside text").
public enum OutsideText {
    /// Whether `scalar` is escaped: C0 controls, DEL, C1 controls, and the format characters
    /// (Unicode's Cf: bidi embeddings, overrides and isolates, the zero-width space, the byte
    /// order mark, tags…) with the line and paragraph separators. Two format characters are
    /// left as they are: the zero-width joiner and non-joiner, which join emoji and letters of
    /// many scripts and neither move nor hide text.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return true }
        if value < 0xAD { return false }
        if value == 0x200C || value == 0x200D { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// `text` with every escaped character (`isEscaped`) written as its JSON escape; line breaks
    /// too unless `keepingLineBreaks` (a message of several lines keeps its own; a piece of outside
    /// text never does). Text without such characters comes back as it is.
    public static func escaped(_ text: some StringProtocol, keepingLineBreaks: Bool = false) -> String {
        guard needsEscaping(text, keepingLineBreaks: keepingLineBreaks) else { return String(text) }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if scalar == "\n" && keepingLineBreaks {
                out.unicodeScalars.append(scalar)
            } else if isEscaped(scalar) {
                appendEscape(of: scalar, to: &out)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a message quotes it: a JSON string (`"…"`, `"` and `\` escaped) whose escaped
    /// characters are written as JSON escapes, at most `limit` characters of it (then "…" inside
    /// the quotes), so a 100 MB value is never printed whole. One way for every piece of outside
    /// text in every message.
    public static func quoted(_ text: some StringProtocol, limit: Int = 60) -> String {
        var out = "\""
        var count = 0
        for character in text {
            guard count < limit else {
                out += "…"
                break
            }
            count += 1
            for scalar in character.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default:
                    if isEscaped(scalar) { appendEscape(of: scalar, to: &out) } else { out.unicodeScalars.append(scalar) }
                }
            }
        }
        return out + "\""
    }

    /// A name from outside as a message shows it (a key in a key path, an option): bare when it
    /// looks like one — ASCII letters, digits, `_` and `-`, at most `limit` — as every name the
    /// program knows does; quoted (`quoted`) otherwise, so a name holding an escape, a space or a
    /// dot can't act on the terminal or pass for something else.
    public static func named(_ name: some StringProtocol, limit: Int = 60) -> String {
        let isName = !name.isEmpty && name.utf8.count <= limit && name.utf8.allSatisfy { byte in
            (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        return isName ? String(name) : quoted(name, limit: limit)
    }

    /// JSON's escape of `scalar`: the short forms for the usual controls, `\uXXXX` otherwise
    /// (a surrogate pair above U+FFFF, as JSON has it).
    public static func appendEscape(of scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            let value = scalar.value
            if value > 0xFFFF {
                let offset = value - 0x10000
                appendUnit(0xD800 + (offset >> 10), to: &out)
                appendUnit(0xDC00 + (offset & 0x3FF), to: &out)
            } else {
                appendUnit(value, to: &out)
            }
        }
    }

    private static func appendUnit(_ unit: UInt32, to out: inout String) {
        let digits = Array("0123456789abcdef".utf8)
        out += "\\u"
        for shift in stride(from: 12, through: 0, by: -4) {
            out.unicodeScalars.append(Unicode.Scalar(digits[Int((unit >> UInt32(shift)) & 0xF)]))
        }
    }

    /// Whether anything in `text` is escaped; printable ASCII, most text, is checked byte by byte.
    private static func needsEscaping(_ text: some StringProtocol, keepingLineBreaks: Bool) -> Bool {
        var ascii = true
        for byte in text.utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if byte == 0x7F || (byte < 0x20 && !(byte == 0x0A && keepingLineBreaks)) { return true }
        }
        if ascii { return false }
        return text.unicodeScalars.contains { isEscaped($0) && !($0 == "\n" && keepingLineBreaks) }
    }
}

extension StringProtocol {
    /// `OutsideText.quoted(self, limit:)`: how a message quotes a piece of outside text.
    public func quoted(_ limit: Int = 60) -> String { OutsideText.quoted(self, limit: limit) }
}
