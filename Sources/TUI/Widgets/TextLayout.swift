/// Horizontal placement of a line inside its rectangle.
public enum TextAlignment: Hashable, Sendable {
    case left, center, right
}

/// Width-aware text layout: wrapping, truncation with "…", alignment. Pure string functions that
/// `TextBlock` and the other widgets draw with.
public enum TextLayout {
    public static let ellipsis: Character = "…"

    /// Word-wraps `text` to lines of at most `width` columns. Newlines start new lines (an
    /// empty line stays), runs of spaces between words collapse to one, and a word longer than
    /// a line is broken across lines.
    public static func wrap(_ text: String, width: Int) -> [String] {
        wrap(text, width: width, stoppingAfter: nil)
    }

    /// `wrap`, stopping once `limit` lines are made: a two-line preview of a long text costs
    /// the same as one of a short text (a list row draws this for every visible item).
    private static func wrap(_ text: String, width: Int, stoppingAfter limit: Int?) -> [String] {
        guard width > 0 else { return [] }
        let limit = limit ?? Int.max
        return wrapSimpleScalars(text, width: width, stoppingAfter: limit) ?? wrapByGraphemes(text, width: width, stoppingAfter: limit)
    }

    /// `wrap` for any text, grapheme by grapheme.
    static func wrapByGraphemes(_ text: String, width: Int, stoppingAfter limit: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
                var word = Substring(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                    // Appended in place: `line += " " + word` builds a String from a Substring
                    // through the generic `+`, whose first use looks its conformances up at run time.
                    line.append(" ")
                    line.append(contentsOf: word)
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    (line, lineWidth) = ("", 0)
                    if lines.count >= limit { return lines }
                }
                // Break an over-long word into line-sized pieces.
                while wordWidth > width {
                    let (head, rest) = prefix(of: word, fitting: width)
                    guard !head.isEmpty else { word = rest.dropFirst(); wordWidth = DisplayWidth.of(word); continue }
                    lines.append(String(head))
                    if lines.count >= limit { return lines }
                    word = rest
                    wordWidth = DisplayWidth.of(word)
                }
                (line, lineWidth) = (String(word), wordWidth)
            }
            lines.append(line)
            if lines.count >= limit { return lines }
        }
        return lines
    }

    /// `wrap` for text whose every scalar is a grapheme cluster of its own (printable ASCII,
    /// Latin, punctuation, arrows, symbols, tabs and newlines: `DisplayWidth.forEachSimpleScalar`):
    /// the same lines, found without walking graphemes (a list row wraps its text at every
    /// frame). Nil for any other text.
    private static func wrapSimpleScalars(_ text: String, width: Int, stoppingAfter limit: Int) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            // Each byte's columns: the scalar's width at its first byte, `inside` at the others.
            let inside: UInt8 = 0xFF
            var columns = [UInt8](repeating: inside, count: bytes.count)
            let simple = DisplayWidth.forEachSimpleScalar(bytes) { offset, _, width in columns[offset] = UInt8(width) }
            guard simple else { return nil }
            func columnsOf(_ range: Range<Int>) -> Int {
                var total = 0
                for index in range where columns[index] != inside { total += Int(columns[index]) }
                return total
            }
            var lines: [String] = []
            var line: [UInt8] = []
            var lineWidth = 0
            func end() -> Bool {
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
                lineWidth = 0
                return lines.count >= limit
            }
            var index = 0
            while index <= bytes.count {
                // One paragraph: up to the next newline or the end.
                var paragraphEnd = index
                while paragraphEnd < bytes.count, bytes[paragraphEnd] != 0x0A { paragraphEnd += 1 }
                var position = index
                while position < paragraphEnd {
                    guard bytes[position] != 0x20, bytes[position] != 0x09 else { position += 1; continue }
                    var wordEnd = position
                    while wordEnd < paragraphEnd, bytes[wordEnd] != 0x20, bytes[wordEnd] != 0x09 { wordEnd += 1 }
                    var word = position..<wordEnd
                    var wordWidth = columnsOf(word)
                    position = wordEnd
                    if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                        line.append(0x20)
                        line.append(contentsOf: bytes[word])
                        lineWidth += 1 + wordWidth
                        continue
                    }
                    if lineWidth > 0, end() { return lines }
                    // Break an over-long word into line-sized pieces.
                    while wordWidth > width {
                        var cut = word.lowerBound, used = 0
                        while cut < word.upperBound {
                            let next = (cut + 1..<word.upperBound).first { columns[$0] != inside } ?? word.upperBound
                            if used + Int(columns[cut]) > width { break }
                            used += Int(columns[cut])
                            cut = next
                        }
                        if cut == word.lowerBound {
                            // A scalar wider than the line: left out, as `prefix(of:fitting:)` leaves it.
                            word = ((word.lowerBound + 1..<word.upperBound).first { columns[$0] != inside } ?? word.upperBound)..<word.upperBound
                        } else {
                            line.append(contentsOf: bytes[word.lowerBound..<cut])
                            lineWidth = used
                            if end() { return lines }
                            word = cut..<word.upperBound
                        }
                        wordWidth = columnsOf(word)
                    }
                    line.removeAll(keepingCapacity: true)
                    line.append(contentsOf: bytes[word])
                    lineWidth = wordWidth
                }
                if end() { return lines }
                index = paragraphEnd + 1
            }
            return lines
        }
    }

    /// Wraps, then keeps at most `maxLines`; when text was cut, the last kept line ends in "…".
    public static func lines(_ text: String, width: Int, maxLines: Int? = nil) -> [String] {
        // One line more than kept is enough to know whether the text was cut.
        let all = wrap(text, width: width, stoppingAfter: maxLines.map { max(0, $0) + 1 })
        guard let maxLines, all.count > maxLines else { return all }
        guard maxLines > 0 else { return [] }
        var kept = Array(all.prefix(maxLines))
        kept[kept.count - 1] = withEllipsis(kept[kept.count - 1], width: width)
        return kept
    }

    /// `text` on one line of `width` columns: unchanged when it fits, otherwise cut and ended
    /// with "…". Newlines count as spaces.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        let flat = text.utf8.contains(0x0A) && text.contains("\n") ? String(text.map { $0 == "\n" ? " " : $0 }) : text
        guard DisplayWidth.of(flat) > width else { return flat }
        return String(prefix(of: Substring(flat), fitting: width - 1).head) + String(ellipsis)
    }

    /// Column offset of a line of `lineWidth` inside `width` for an alignment.
    public static func offset(of lineWidth: Int, in width: Int, alignment: TextAlignment) -> Int {
        switch alignment {
        case .left: 0
        case .center: max(0, (width - lineWidth) / 2)
        case .right: max(0, width - lineWidth)
        }
    }

    /// A line cut short: "…" appended where it fits, the tail cut otherwise.
    static func withEllipsis(_ line: String, width: Int) -> String {
        let trimmed = line.hasSuffix(" ") ? String(line.dropLast()) : line
        if DisplayWidth.of(trimmed) + 1 <= width { return trimmed + String(ellipsis) }
        return String(prefix(of: Substring(trimmed), fitting: width - 1).head) + String(ellipsis)
    }

    /// The longest prefix of `text` no wider than `width` columns, and the rest.
    static func prefix(of text: Substring, fitting width: Int) -> (head: Substring, rest: Substring) {
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let w = DisplayWidth.of(text[index])
            if used + w > width { break }
            used += w
            index = text.index(after: index)
        }
        return (text[..<index], text[index...])
    }
}
