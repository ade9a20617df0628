import TUI

/// `?`: the keys of the screen under it, then those that work everywhere, in a box over whatever
/// is on screen. It draws the same declarations the key bars come from (`KeyMap`), so it can't
/// list a key the screen lacks or miss one it has.
struct HelpOverlay: Widget {
    /// The screen's guide first, then the shell's.
    var guides: [KeyGuide]

    /// One row each: a heading (the guide's title) or a key and what it does; nil is a blank row
    /// between guides.
    enum Row: Equatable {
        case heading(String)
        case entry(keys: String, text: String)
    }

    var rows: [Row?] {
        var rows: [Row?] = []
        for guide in guides where !guide.entries.isEmpty {
            if !rows.isEmpty { rows.append(nil) }
            rows.append(.heading(guide.title))
            for entry in guide.entries {
                rows.append(.entry(keys: entry.keys, text: entry.scope.map { "\(entry.help) (\($0))" } ?? entry.help))
            }
        }
        return rows
    }

    /// Draws the box centred over `area`. A description too long for the box goes on under
    /// itself; when that makes more rows than there is room for, each is cut with `…` instead.
    /// When the rows don't fit with a blank line above and below them, the blank lines go first.
    func draw(in area: Rect, on canvas: inout Canvas) {
        let rows = rows
        var keyWidth = 0, textWidth = 0, titleWidth = 0
        for case let row? in rows {
            switch row {
            case .heading(let title): titleWidth = max(titleWidth, DisplayWidth.of(title))
            case .entry(let keys, let text):
                keyWidth = max(keyWidth, DisplayWidth.of(keys))
                textWidth = max(textWidth, DisplayWidth.of(text))
            }
        }
        let innerWidth = max(0, min(area.width - 6, max(titleWidth, keyWidth + 2 + textWidth)))
        let room = max(1, innerWidth - keyWidth - 2)
        var lines = Self.lines(rows, room: room, wrapping: true)
        if lines.count + 2 > area.height { lines = Self.lines(rows, room: room, wrapping: false) }
        let padding = lines.count + 4 <= area.height ? 1 : 0
        let box = area.centred(Size(width: min(area.width, innerWidth + 6), height: min(area.height, lines.count + 2 + 2 * padding)))
        canvas.fill(box, with: " ", style: .plain)
        let inner = Frame(title: "Keys", border: .rounded, titleStyle: .bold).draw(in: box, on: &canvas)
            .inset(horizontal: 2, vertical: padding)
        for (index, line) in lines.enumerated() where index < inner.height {
            let y = inner.y + index
            if let heading = line.heading {
                canvas.put(heading, at: Point(x: inner.x, y: y), style: .bold, clipTo: inner)
            } else {
                canvas.put(line.keys, at: Point(x: inner.x, y: y), style: .bold, clipTo: inner)
                canvas.put(line.text, at: Point(x: inner.x + keyWidth + 2, y: y), style: .plain, clipTo: inner)
            }
        }
    }

    /// One line of the box: a heading, or keys (on an entry's first line) and text.
    private struct Line {
        var heading: String?
        var keys = ""
        var text = ""
    }

    private static func lines(_ rows: [Row?], room: Int, wrapping: Bool) -> [Line] {
        var lines: [Line] = []
        for row in rows {
            switch row {
            case .heading(let title)?: lines.append(Line(heading: title))
            case .entry(let keys, let text)?:
                let parts = wrapping ? wrap(text, width: room) : [cut(text, width: room)]
                for (index, part) in parts.enumerated() { lines.append(Line(keys: index == 0 ? keys : "", text: part)) }
            case nil: lines.append(Line())
            }
        }
        return lines
    }

    /// `text` in lines of at most `width` columns, broken between words (a word longer than a
    /// line is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if DisplayWidth.of(candidate) <= width || line.isEmpty {
                line = DisplayWidth.of(candidate) <= width ? candidate : cut(candidate, width: width)
            } else {
                lines.append(line)
                line = DisplayWidth.of(word) <= width ? word : cut(word, width: width)
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` within `width` columns, ending in `…` when cut.
    static func cut(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var result = ""
        for character in text {
            if DisplayWidth.of(result) + DisplayWidth.of(character) + 1 > width { break }
            result.append(character)
        }
        return result + "…"
    }
}
