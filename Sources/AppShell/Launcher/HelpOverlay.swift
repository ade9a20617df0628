import TUI

/// `?`: what the screen is waiting for, the keys (and the mouse) of what has the keys — the
/// screen, or the network inspector beside it — then those that work everywhere, in a box over
/// the screen. It draws the same declarations the key bars come from (`KeyMap`), so it can't list
/// a key the screen lacks or miss one it has. Taller than the terminal, it scrolls.
package struct HelpOverlay: Widget {
    /// The screen's guide first, then the shell's.
    package var guides: [KeyGuide]
    /// What the screen is waiting for now ("signing in: attempt 3 failed, next try in 4 s"), or
    /// nil when nothing is under way.
    package var waitingFor: String? = nil
    /// Lines scrolled off the top (kept within what there is).
    package var scroll = 0

    /// One row each: a heading (the guide's title), a key and what it does, or a line of prose;
    /// nil is a blank row between guides.
    package enum Row: Equatable {
        case heading(String)
        case entry(keys: String, text: String)
        case text(String)
    }

    package var rows: [Row?] {
        var rows: [Row?] = waitingFor.map { [.text("Waiting for: " + $0)] } ?? []
        for guide in guides where !guide.entries.isEmpty {
            if !rows.isEmpty { rows.append(nil) }
            rows.append(.heading(guide.title))
            for entry in guide.entries {
                rows.append(.entry(keys: entry.keys, text: entry.scope.map { "\(entry.help) (\($0))" } ?? entry.help))
            }
        }
        return rows
    }

    /// Where the box goes in `area`, its lines, and the rows of the box that show them.
    package struct Layout {
        package var box: Rect
        package var inner: Rect
        package var lines: [Line]
        package var keyWidth: Int

        /// How far the lines scroll: those that don't fit.
        package var maxScroll: Int { max(0, lines.count - inner.height) }
    }

    /// A description too long for the box goes on under itself; when that makes more rows than
    /// there is room for, the box scrolls (nothing is cut). The blank lines above and below the
    /// rows go first.
    package func layout(in area: Rect) -> Layout {
        let rows = rows
        var keyWidth = 0, textWidth = 0, titleWidth = 0
        for case let row? in rows {
            switch row {
            case .heading(let title): titleWidth = max(titleWidth, DisplayWidth.of(title))
            case .entry(let keys, let text):
                keyWidth = max(keyWidth, DisplayWidth.of(keys))
                textWidth = max(textWidth, DisplayWidth.of(text))
            case .text: break
            }
        }
        let innerWidth = max(0, min(area.width - 6, max(titleWidth, keyWidth + 2 + textWidth)))
        let room = max(1, innerWidth - keyWidth - 2)
        let lines = Self.lines(rows, room: room, width: innerWidth)
        let padding = lines.count + 4 <= area.height ? 1 : 0
        let box = area.centred(Size(width: min(area.width, innerWidth + 6), height: min(area.height, lines.count + 2 + 2 * padding)))
        let inner = Frame.contentRect(of: box).inset(horizontal: 2, vertical: padding)
        return Layout(box: box, inner: inner, lines: lines, keyWidth: keyWidth)
    }

    package func draw(in area: Rect, on canvas: inout Canvas) {
        let layout = layout(in: area)
        let box = layout.box
        canvas.fill(box, with: " ", style: .plain)
        Frame(title: "Help", border: .rounded, titleStyle: .bold).draw(in: box, on: &canvas)
        let inner = layout.inner
        let scroll = min(max(0, scroll), layout.maxScroll)
        for (index, line) in layout.lines.dropFirst(scroll).prefix(inner.height).enumerated() {
            let y = inner.y + index
            if let heading = line.heading {
                canvas.put(heading, at: Point(x: inner.x, y: y), style: .bold, clipTo: inner)
            } else if line.isProse {
                canvas.put(line.text, at: Point(x: inner.x, y: y), style: .bold, clipTo: inner)
            } else {
                canvas.put(line.keys, at: Point(x: inner.x, y: y), style: .bold, clipTo: inner)
                canvas.put(line.text, at: Point(x: inner.x + layout.keyWidth + 2, y: y), style: .plain, clipTo: inner)
            }
        }
        guard layout.maxScroll > 0 else { return }
        // Which way there is more, in the bottom edge.
        let more = switch (scroll > 0, scroll < layout.maxScroll) {
        case (true, true): " ↑↓ more "
        case (false, _): " ↓ more "
        case (true, false): " ↑ more "
        }
        canvas.put(more, at: Point(x: box.maxX - 2 - DisplayWidth.of(more), y: box.maxY - 1), style: .bold, clipTo: box)
    }

    /// One line of the box: a heading, prose, or keys (on an entry's first line) and text.
    package struct Line {
        package var heading: String?
        package var keys = ""
        package var text = ""
        package var isProse = false
    }

    private static func lines(_ rows: [Row?], room: Int, width: Int) -> [Line] {
        var lines: [Line] = []
        for row in rows {
            switch row {
            case .heading(let title)?: lines.append(Line(heading: title))
            case .entry(let keys, let text)?:
                for (index, part) in wrap(text, width: room).enumerated() { lines.append(Line(keys: index == 0 ? keys : "", text: part)) }
            case .text(let text)?:
                lines += wrap(text, width: max(1, width)).map { Line(text: $0, isProse: true) }
            case nil: lines.append(Line())
            }
        }
        return lines
    }

    /// `text` in lines of at most `width` columns, broken between words (a word longer than a
    /// line is cut).
    package static func wrap(_ text: String, width: Int) -> [String] {
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
    package static func cut(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var result = ""
        for character in text {
            if DisplayWidth.of(result) + DisplayWidth.of(character) + 1 > width { break }
            result.append(character)
        }
        return result + "…"
    }

    package init(guides: [KeyGuide], waitingFor: String? = nil, scroll: Int = 0) {
        self.guides = guides
        self.waitingFor = waitingFor
        self.scroll = scroll
    }
}
