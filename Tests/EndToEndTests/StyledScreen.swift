/// A screen read back from tmux with its colours (`capture-pane -e`), cell by cell: each
/// character with the RGB it is shown in, as xterm shows the palette, reverse video applied
/// (nil: the terminal's default colour). For tests that check colours by their effect.
enum StyledScreen {
    struct Cell {
        var character: Character
        var foreground: [Int]?
        var background: [Int]?
    }

    /// xterm's 16 colours.
    static let ansi: [[Int]] = [
        [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
        [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
    ]

    static func palette(_ n: Int) -> [Int] {
        if n < 16 { return ansi[max(0, n)] }
        if n >= 232 { let v = 8 + 10 * (n - 232); return [v, v, v] }
        let levels = [0, 95, 135, 175, 215, 255], i = n - 16
        return [levels[i / 36], levels[i / 6 % 6], levels[i % 6]]
    }

    /// Each row's cells. Colours are 8/16 (`3x`, `9x`), 256 (`38;5;n`) or RGB (`38;2;r;g;b`,
    /// `38:2::r:g:b`).
    static func cells(_ styled: String) -> [[Cell]] {
        var rows: [[Cell]] = []
        var foreground: [Int]?, background: [Int]?, reverse = false
        for line in styled.split(separator: "\n", omittingEmptySubsequences: false) {
            var row: [Cell] = []
            var rest = Substring(line)
            while let character = rest.first {
                if character == "\u{1B}", let match = rest.prefixMatch(of: /\x1B\[([0-9;:]*)m/) {
                    rest = rest[match.range.upperBound...]
                    // `ESC [ m` is a reset; an empty colour space (`38:2::r:g:b`) reads -1.
                    var codes = match.1.split(separator: ";", omittingEmptySubsequences: false)
                        .flatMap { $0.contains(":") ? $0.split(separator: ":", omittingEmptySubsequences: false) : [$0] }
                        .map { Int($0) ?? -1 }[...]
                    if match.1.isEmpty { codes = [0] }
                    while let code = codes.popFirst() {
                        switch code {
                        case 0: (foreground, background, reverse) = (nil, nil, false)
                        case 7: reverse = true
                        case 27: reverse = false
                        case 30...37: foreground = ansi[code - 30]
                        case 90...97: foreground = ansi[code - 82]
                        case 39: foreground = nil
                        case 40...47: background = ansi[code - 40]
                        case 100...107: background = ansi[code - 92]
                        case 49: background = nil
                        case 38, 48:
                            let form = codes.popFirst()
                            let value: [Int]
                            if form == 5 {
                                value = palette(codes.popFirst() ?? 0)
                            } else {
                                if codes.first == -1 { codes.removeFirst() } // `38:2::r:g:b`: no colour space
                                value = Array(codes.prefix(3))
                                codes = codes.dropFirst(3)
                            }
                            if code == 38 { foreground = value } else { background = value }
                        default: break
                        }
                    }
                    continue
                }
                row.append(reverse ? Cell(character: character, foreground: background, background: foreground)
                    : Cell(character: character, foreground: foreground, background: background))
                rest = rest.dropFirst()
            }
            rows.append(row)
        }
        return rows
    }
}
