/// What no transcript of the screen-reader mode may hold (Docs/screen-reader.md): decoration
/// (box drawing, rules, blocks, braille, spinner glyphs), an escape sequence (cursor movement,
/// clearing, colour), a carriage return that rewrites a line, or the same line twice in a row.
enum TranscriptRules {
    static func problems(in text: String) -> [String] {
        var problems: [String] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x2500...0x259F: problems.append("box drawing or block \(scalar) (U+\(String(scalar.value, radix: 16)))")
            case 0x2800...0x28FF: problems.append("braille \(scalar)")
            case 0x1B: problems.append("an escape sequence")
            case 0x0D: problems.append("a carriage return")
            case 0x00...0x09, 0x0B...0x1F: problems.append("control character U+\(String(scalar.value, radix: 16))")
            default: break
            }
        }
        for glyph in ["▸", "◂", "●", "○", "◉", "•", "━", "‹", "›"] where text.contains(glyph) { problems.append("the glyph \(glyph)") }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (previous, line) in zip(lines, lines.dropFirst()) where previous == line && !line.isEmpty {
            problems.append("the line \"\(line)\" twice in a row")
        }
        return Array(Set(problems)).sorted()
    }
}
