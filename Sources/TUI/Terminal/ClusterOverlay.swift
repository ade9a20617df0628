/// The grapheme clusters ncurses can't be trusted with, and the bytes that draw them past it
/// (Docs/configuration.md, "Wide characters and emoji").
///
/// ncurses keeps at most CCHARW_MAX - 1 scalars in a cell, refuses a second spacing scalar (a
/// flag's second letter, a ZWJ sequence's next emoji, a skin tone) and gives a cell the width of
/// its first scalar by the C library's wcwidth (☺ is 1 even with VS16), while the canvas gives
/// the whole cluster its own width, and terminals disagree with both. Such a cell is handed to
/// ncurses as a blank placeholder of the canvas's width — so ncurses, and the terminal, place
/// every later cell where the canvas has it — and after `doupdate` the cluster itself is written
/// over it, with the cells a wider rendering could have covered written again after it.
enum ClusterOverlay {
    /// The placeholder's scalar: blank, of the canvas's width by every wcwidth, and never ASCII,
    /// so ncurses never sends it again as a cheap way to move the cursor over the cluster.
    static func placeholder(width: Int) -> Unicode.Scalar {
        width >= 2 ? "\u{3000}" : "\u{2007}" // IDEOGRAPHIC SPACE, FIGURE SPACE
    }

    /// Whether `character` must be drawn over a placeholder: ncurses can't hold it, or would
    /// give it another width than the canvas does. `systemWidth` is the C library's wcwidth,
    /// which ncurses measures a cell with. ASCII, most cells, is answered at once.
    static func isNeeded(_ glyph: Glyph, systemWidth: (Unicode.Scalar) -> Int) -> Bool {
        guard let scalar = glyph.scalar else { return isNeeded(glyph.character, systemWidth: systemWidth) }
        return scalar.value >= 0x80 && systemWidth(scalar) != max(1, DisplayWidth.of(scalar))
    }

    static func isNeeded(_ character: Character, systemWidth: (Unicode.Scalar) -> Int) -> Bool {
        if character.asciiValue != nil { return false }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if systemWidth(first) != max(1, DisplayWidth.of(character)) { return true }
        var count = 1
        for scalar in scalars.dropFirst() {
            count += 1
            // More than ncurses keeps, a part of an emoji sequence, or a second spacing scalar.
            if count > maximumScalars || isEmojiSequencePart(scalar) || DisplayWidth.of(scalar) != 0 { return true }
        }
        return false
    }

    /// The scalars a cell holds in ncurses: CCHARW_MAX less the terminating NUL.
    static let maximumScalars = 4

    /// The most columns a terminal can give `character`: each scalar that takes space drawn on
    /// its own, two columns apiece (no terminal makes a cluster wider).
    static func widestRendering(_ character: Character) -> Int {
        var columns = 0
        for scalar in character.unicodeScalars where DisplayWidth.of(scalar) != 0 || isEmojiModifierOrLetter(scalar) {
            columns += 2
        }
        return columns
    }

    /// Variation selectors, the zero-width joiner, the keycap mark, tag characters (subdivision
    /// flags), skin tones and regional indicators: what terminals join into emoji, or don't.
    static func isEmojiSequencePart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xFE0E, 0xFE0F, 0x200D, 0x20E3, 0xE0020...0xE007F: true
        default: isEmojiModifierOrLetter(scalar)
        }
    }

    /// Skin tones and regional indicators: parts that a terminal which doesn't join them shows
    /// as emoji of their own.
    private static func isEmojiModifierOrLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F3FB...0x1F3FF).contains(scalar.value) || (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
