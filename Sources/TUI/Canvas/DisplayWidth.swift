/// How many terminal columns text takes: 2 for East Asian Wide/Fullwidth characters and emoji
/// shown as emoji, 0 for combining marks, zero-width and control characters, 1 otherwise.
/// A small `wcwidth` in Swift, so layout is pure and testable.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        if let width = printableASCIIWidth(text.utf8) { return width }
        var text = text
        let simple = text.withUTF8 { bytes -> Int? in
            var width = 0
            let complete = forEachSimpleScalar(bytes) { _, _, columns in width += columns }
            return complete ? width : nil
        }
        return simple ?? text.reduce(0) { $0 + of($1) }
    }

    /// Calls `body` with the byte offset, the scalar and the width of each scalar of `bytes`
    /// (UTF-8) while every scalar so far is one that is always a grapheme cluster of its own
    /// (`isAlone`), so its width is the cluster's; returns whether all were. Text of Latin
    /// letters, punctuation, arrows, box drawing and symbols, most of what screens show, is so
    /// measured and wrapped without walking graphemes.
    static func forEachSimpleScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Unicode.Scalar, Int) -> Void) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= bytes.count else { return false }
            var value = UInt32(length == 1 ? lead : length == 2 ? lead & 0x1F : length == 3 ? lead & 0x0F : lead & 0x07)
            for offset in 1..<max(1, length) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            guard isAlone(value), let scalar = Unicode.Scalar(value) else { return false }
            body(index, scalar, of(scalar))
            index += length
        }
        return true
    }

    /// A scalar no neighbour joins into a cluster and that joins none: below the combining
    /// marks (U+0300) but for the controls other than tab and newline (CR LF is one cluster),
    /// and the punctuation, arrows, symbols and box drawing from U+2010 to U+2BFF without the
    /// combining marks for symbols (U+20D0–U+20FF).
    private static func isAlone(_ value: UInt32) -> Bool {
        if value < 0x300 { return value >= 0x20 ? !(0x7F..<0xA0).contains(value) : value == 0x09 || value == 0x0A }
        return (0x2010..<0x20D0).contains(value) || (0x2100..<0x2C00).contains(value)
    }

    public static func of(_ text: Substring) -> Int {
        printableASCIIWidth(text.utf8) ?? text.reduce(0) { $0 + of($1) }
    }

    /// Printable ASCII, most text, is a column a byte: counted without walking its graphemes.
    private static func printableASCIIWidth(_ bytes: some Collection<UInt8>) -> Int? {
        for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
        return bytes.count
    }

    public static func of(_ glyph: Glyph) -> Int {
        if let scalar = glyph.scalar { return of(scalar) }
        return of(glyph.character)
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
        if v < 0x300 || isNarrowSymbol(v) { return 1 }
        return tableWidth(scalar)
    }

    /// The width from the Unicode tables (general category, emoji presentation) and the wide ranges.
    static func tableWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
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

    /// Punctuation, arrows, box drawing, blocks, shapes and braille that screens draw every
    /// frame (borders, markers, the spinner): one column each, known without asking the Unicode
    /// tables (two look-ups a character, Docs/performance.md). `DisplayWidthTests` checks every
    /// scalar of these ranges against the tables.
    static func isNarrowSymbol(_ v: UInt32) -> Bool {
        (0x2010...0x2027).contains(v) || (0x2030...0x205E).contains(v) || (0x2190...0x21FF).contains(v)
            || (0x2500...0x25FC).contains(v) || (0x2800...0x28FF).contains(v)
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
