/// How many terminal columns text takes: 2 for East Asian Wide/Fullwidth characters and emoji
/// shown as emoji, 0 for combining marks, zero-width and control characters, 1 otherwise.
/// A small `wcwidth` in Swift, so layout is pure and testable.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        printableASCIIWidth(text.utf8) ?? text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ text: Substring) -> Int {
        printableASCIIWidth(text.utf8) ?? text.reduce(0) { $0 + of($1) }
    }

    /// Printable ASCII, most text, is a column a byte: counted without walking its graphemes.
    private static func printableASCIIWidth(_ bytes: some Collection<UInt8>) -> Int? {
        for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
        return bytes.count
    }

    public static func of(_ character: Character) -> Int {
        // ASCII without looking at the scalars ("\r\n" reads as its "\n": a control, like "\r").
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 { return of(first) }
        if isControl(first) { return 0 }
        // Emoji sequences: a variation selector 16, a ZWJ sequence, a skin tone or a flag.
        if first.properties.isEmoji,
           scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D || (0x1F3FB...0x1F3FF).contains($0.value) }) {
            return 2
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        // A base with combining marks (or Hangul jamo): as wide as its widest part.
        return scalars.reduce(0) { max($0, of($1)) }
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x7F { return v < 0x20 ? 0 : 1 }
        if v < 0xA0 { return 0 } // DEL and C1 controls
        if v < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 } // jamo vowels/finals
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Control characters are never drawn (they would reach the terminal as commands).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, as wcwidth has them.
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        // Emoji with Emoji_Presentation are caught by the caller; these are the rest.
        case 0x1100...0x115F, 0x2329...0x232A,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F200...0x1F251, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
