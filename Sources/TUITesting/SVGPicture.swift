import TUI

/// A terminal screen as a standalone SVG picture, for the documentation (Docs/testing.md,
/// "Pictures"): the cells of a `Canvas` in a window with a title bar, in a dark terminal theme.
///
/// - Colours: a cell's `nil` colour is the terminal's default, here `#D0D0D0` text on `#1E1E1E`
///   (a common dark theme). Reverse swaps a cell's two colours (defaults included); dim mixes
///   the text colour halfway towards the background, as terminals draw it; bold is a bold
///   weight; underline is a 1 px line in the text colour.
/// - Geometry: every cell is 8.4 × 17 px, the advance of a 14 px monospace font. Text runs carry
///   their length (`textLength`), so a font that is a little wider or narrower still lines up
///   with the grid; a wide character is centred on its two cells. Box-drawing characters
///   (light, heavy, double, rounded) and block elements are drawn as lines and rectangles, not
///   glyphs, so borders join and blocks tile whatever the font.
/// - Size: background and block rectangles are merged per run of equal colour (then per column
///   of equal runs), lines are merged into one path per colour and weight, text is grouped by
///   colour and weight.
/// - Determinism: the same canvas gives the same bytes (integer geometry, no dictionaries
///   iterated unordered), so the pictures can be committed and compared by a test.
public struct SVGPicture: Sendable {
    /// One screen of an animation.
    public struct Frame: Sendable {
        public var canvas: Canvas
        public var cursor: Point?
        /// Shown in the title bar while the frame is.
        public var caption: String
        /// How long the frame stays (at least a millisecond).
        public var hold: Duration

        public init(canvas: Canvas, cursor: Point? = nil, caption: String, hold: Duration) {
            self.canvas = canvas
            self.cursor = cursor
            self.caption = caption
            self.hold = hold
        }
    }

    /// The terminal's default text and background colours (a cell's `nil`).
    public var foreground: RGB
    public var background: RGB

    public static let darkForeground = RGB(0xD0, 0xD0, 0xD0)
    public static let darkBackground = RGB(0x1E, 0x1E, 0x1E)
    public static let fontFamily = #"ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace"#

    public init(foreground: RGB = SVGPicture.darkForeground, background: RGB = SVGPicture.darkBackground) {
        self.foreground = foreground
        self.background = background
    }

    // MARK: Documents

    /// `canvas` in a window whose title bar says `title`; `cursor`, when given, is drawn as a
    /// translucent block.
    public func svg(of canvas: Canvas, cursor: Point? = nil, title: String) -> String {
        var out = header(size: canvas.size, title: title)
        out += captionText(title)
        out += grid(canvas, cursor: cursor)
        return out + "</svg>\n"
    }

    /// The frames one after another, each for its `hold`, looping for ever (SMIL: one discrete
    /// `visibility` animation per frame, all with the same period). A viewer without animation
    /// shows the first frame. All frames must have the size of the first.
    public func animation(_ frames: [Frame], title: String) -> String {
        guard let first = frames.first else { return svg(of: Canvas(size: Size(width: 0, height: 0)), title: title) }
        let holds = frames.map { max(1, $0.hold.wholeMilliseconds) }
        let total = holds.reduce(0, +)
        var out = header(size: first.canvas.size, title: title)
        var start = 0
        for (index, frame) in frames.enumerated() {
            let end = start + holds[index]
            out += "<g visibility=\"\(index == 0 ? "visible" : "hidden")\">"
            if frames.count > 1 {
                let (values, times): (String, String)
                if index == 0 {
                    (values, times) = ("visible;hidden", "0;" + Self.fraction(end, of: total))
                } else if index == frames.count - 1 {
                    (values, times) = ("hidden;visible", "0;" + Self.fraction(start, of: total))
                } else {
                    (values, times) = ("hidden;visible;hidden", "0;\(Self.fraction(start, of: total));\(Self.fraction(end, of: total))")
                }
                out += "<animate attributeName=\"visibility\" values=\"\(values)\" keyTimes=\"\(times)\" "
                    + "dur=\"\(Self.number(total))s\" calcMode=\"discrete\" repeatCount=\"indefinite\"/>"
            }
            out += "\n" + captionText(frame.caption) + grid(frame.canvas, cursor: frame.cursor) + "</g>\n"
            start = end
        }
        return out + "</svg>\n"
    }

    // MARK: Window

    /// Pixels (thousandths) around the grid.
    private static let side = 12_000, titleBar = 30_000, top = 38_000, bottom = 12_000

    private func header(size: Size, title: String) -> String {
        let width = Self.side * 2 + size.width * Self.cellWidth
        let height = Self.top + size.height * Self.cellHeight + Self.bottom
        let w = Self.number(width), h = Self.number(height)
        let label = Self.escape(title)
        let right = Self.number(width - 500), inner = Self.number(width - 1_000)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" role="img" aria-label="\(label)">
            <title>\(label)</title>
            <rect x="0.5" y="0.5" width="\(inner)" height="\(Self.number(height - 1_000))" rx="8" fill="\(background.hex)" stroke="#3A3A3A"/>
            <path d="M0.5 \(Self.number(Self.titleBar))V8.5A8 8 0 0 1 8.5 0.5H\(Self.number(width - 8_500))A8 8 0 0 1 \(right) 8.5V\(Self.number(Self.titleBar))Z" fill="#2B2B2B"/>
            <circle cx="20" cy="15.5" r="6" fill="#FF5F57"/><circle cx="40" cy="15.5" r="6" fill="#FEBC2E"/><circle cx="60" cy="15.5" r="6" fill="#28C840"/>

            """
    }

    private func captionText(_ caption: String) -> String {
        "<text x=\"50%\" y=\"20\" text-anchor=\"middle\" font-family='\(Self.fontFamily)' font-size=\"13\" fill=\"#9A9A9A\">"
            + Self.escape(caption) + "</text>\n"
    }

    // MARK: The grid

    /// Thousandths of a pixel: every coordinate is an integer, printed exactly.
    static let cellWidth = 8_400, cellHeight = 17_000
    private static let baseline = 13_000
    private static let lightStroke = 1_200, heavyStroke = 2_400, doubleStroke = 1_000, doubleGap = 1_600

    private func grid(_ canvas: Canvas, cursor: Point?) -> String {
        var backgrounds = RectSet(), blocks = RectSet(), underlines = RectSet()
        var lines = StrokeSet()
        var texts = TextSet()
        let cw = Self.cellWidth, ch = Self.cellHeight
        for y in 0..<canvas.size.height {
            var run: TextRun?
            var spaces = 0
            func flush() {
                if let finished = run { texts.add(finished) }
                run = nil
                spaces = 0
            }
            for x in 0..<canvas.size.width {
                let cell = canvas[x, y]
                let look = look(of: cell.style)
                let left = x * cw, top = y * ch
                if look.background != background {
                    backgrounds.add(PixelRect(x0: left, y0: top, x1: left + cw, y1: top + ch, fill: look.background))
                }
                if look.underline {
                    underlines.add(PixelRect(x0: left, y0: top + 15_000, x1: left + cw, y1: top + 16_000, fill: look.foreground))
                }
                if cell.isContinuation { continue }
                let character = cell.character
                if character == " " {
                    if run != nil { spaces += 1 }
                    continue
                }
                if let shape = Self.blockShapes[character] {
                    flush()
                    for part in shape.parts {
                        blocks.add(PixelRect(
                            x0: left + part.0 * cw / 8, y0: top + part.1 * ch / 8,
                            x1: left + part.2 * cw / 8, y1: top + part.3 * ch / 8,
                            fill: look.foreground, opacity: shape.opacity))
                    }
                    continue
                }
                if let arms = Self.boxArms[character] {
                    flush()
                    lines.add(arms, rounded: Self.roundedCorners.contains(character), left: left, top: top, colour: look.foreground)
                    continue
                }
                let textLook = TextLook(colour: look.foreground, bold: look.bold)
                if DisplayWidth.of(character) == 2 {
                    flush()
                    texts.add(TextRun(x: left, y: top, look: textLook, text: String(character), cells: 2, centred: true))
                    continue
                }
                if var current = run, current.look == textLook, spaces <= 1 {
                    current.text += String(repeating: " ", count: spaces) + String(character)
                    current.cells += spaces + 1
                    run = current
                    spaces = 0
                } else {
                    flush()
                    run = TextRun(x: left, y: top, look: textLook, text: String(character), cells: 1, centred: false)
                }
            }
            flush()
        }
        var out = "<g transform=\"translate(\(Self.number(Self.side)) \(Self.number(Self.top)))\" font-family='\(Self.fontFamily)' font-size=\"14\">\n"
        // Rectangles that meet must not let the window show through the seam between them.
        out += "<g shape-rendering=\"crispEdges\">\n" + backgrounds.svg() + blocks.svg() + "</g>\n"
        out += lines.svg()
        out += texts.svg()
        out += underlines.svg()
        if let cursor, canvas.bounds.contains(cursor) {
            out += "<rect x=\"\(Self.number(cursor.x * cw))\" y=\"\(Self.number(cursor.y * ch))\" width=\"\(Self.number(cw))\" "
                + "height=\"\(Self.number(ch))\" fill=\"\(foreground.hex)\" fill-opacity=\"0.6\"/>\n"
        }
        return out + "</g>\n"
    }

    /// How a cell is drawn once the terminal's defaults, reverse and dim are applied.
    private struct Look {
        var foreground: RGB
        var background: RGB
        var bold: Bool
        var underline: Bool
    }

    private func look(of style: Style) -> Look {
        var fore = style.foreground ?? foreground, back = style.background ?? background
        if style.reverse { swap(&fore, &back) }
        if style.dim {
            fore = RGB(
                UInt8((Int(fore.red) + Int(back.red)) / 2), UInt8((Int(fore.green) + Int(back.green)) / 2),
                UInt8((Int(fore.blue) + Int(back.blue)) / 2))
        }
        return Look(foreground: fore, background: back, bold: style.bold, underline: style.underline)
    }

    // MARK: Text

    private struct TextLook: Hashable {
        var colour: RGB
        var bold: Bool
    }

    private struct TextRun {
        var x: Int
        var y: Int
        var look: TextLook
        var text: String
        var cells: Int
        var centred: Bool
    }

    /// Text runs grouped by look, the groups in the order they first appear.
    private struct TextSet {
        private var order: [TextLook] = []
        private var runs: [TextLook: [String]] = [:]

        mutating func add(_ run: TextRun) {
            let element: String
            let y = SVGPicture.number(run.y + SVGPicture.baseline)
            if run.centred {
                let x = SVGPicture.number(run.x + run.cells * SVGPicture.cellWidth / 2)
                element = "<text x=\"\(x)\" y=\"\(y)\" text-anchor=\"middle\">\(SVGPicture.escape(run.text))</text>"
            } else if run.cells == 1 {
                element = "<text x=\"\(SVGPicture.number(run.x))\" y=\"\(y)\">\(SVGPicture.escape(run.text))</text>"
            } else {
                let length = SVGPicture.number(run.cells * SVGPicture.cellWidth)
                element = "<text x=\"\(SVGPicture.number(run.x))\" y=\"\(y)\" textLength=\"\(length)\">\(SVGPicture.escape(run.text))</text>"
            }
            if runs[run.look] == nil { order.append(run.look) }
            runs[run.look, default: []].append(element)
        }

        func svg() -> String {
            order.map { look in
                "<g fill=\"\(look.colour.hex)\"\(look.bold ? " font-weight=\"bold\"" : "")>\n"
                    + (runs[look] ?? []).joined(separator: "\n") + "\n</g>\n"
            }.joined()
        }
    }

    // MARK: Rectangles

    private struct PixelRect {
        var x0: Int, y0: Int, x1: Int, y1: Int
        var fill: RGB
        /// Percent; 100 is opaque.
        var opacity: Int = 100
    }

    /// Rectangles merged into runs along a row, then runs of the same extent in consecutive
    /// rows into one.
    private struct RectSet {
        /// The extent a rectangle must share with the one it continues, and its paint.
        private struct Band: Hashable { var from: Int, to: Int, fill: RGB, opacity: Int }
        private var rects: [PixelRect] = []

        mutating func add(_ rect: PixelRect) { rects.append(rect) }

        func svg() -> String {
            let rows = Self.merged(
                rects, band: { Band(from: $0.y0, to: $0.y1, fill: $0.fill, opacity: $0.opacity) },
                continues: { $0.x1 == $1.x0 }, extend: { $0.x1 = $1.x1 })
            let regions = Self.merged(
                rows, band: { Band(from: $0.x0, to: $0.x1, fill: $0.fill, opacity: $0.opacity) },
                continues: { $0.y1 == $1.y0 }, extend: { $0.y1 = $1.y1 })
            return regions.map { r in
                "<rect x=\"\(SVGPicture.number(r.x0))\" y=\"\(SVGPicture.number(r.y0))\" width=\"\(SVGPicture.number(r.x1 - r.x0))\" "
                    + "height=\"\(SVGPicture.number(r.y1 - r.y0))\" fill=\"\(r.fill.hex)\""
                    + (r.opacity < 100 ? " fill-opacity=\"\(SVGPicture.number(r.opacity * 10))\"" : "") + "/>\n"
            }.joined()
        }

        /// Each rectangle joined to the last one of its band when it continues it. Rectangles
        /// come in reading order, so a rectangle can only continue one before it.
        private static func merged(
            _ rects: [PixelRect], band: (PixelRect) -> Band, continues: (PixelRect, PixelRect) -> Bool,
            extend: (inout PixelRect, PixelRect) -> Void
        ) -> [PixelRect] {
            var merged: [PixelRect] = []
            var last: [Band: Int] = [:]
            for rect in rects {
                let key = band(rect)
                if let index = last[key], continues(merged[index], rect) {
                    extend(&merged[index], rect)
                } else {
                    last[key] = merged.count
                    merged.append(rect)
                }
            }
            return merged
        }
    }

    /// Block elements in eighths of a cell (x0, y0, x1, y1), shades as opacity.
    private static let blockShapes: [Character: (parts: [(Int, Int, Int, Int)], opacity: Int)] = {
        var shapes: [Character: (parts: [(Int, Int, Int, Int)], opacity: Int)] = [
            "█": ([(0, 0, 8, 8)], 100), "▀": ([(0, 0, 8, 4)], 100), "▌": ([(0, 0, 4, 8)], 100),
            "▐": ([(4, 0, 8, 8)], 100), "▔": ([(0, 0, 8, 1)], 100), "▕": ([(7, 0, 8, 8)], 100),
            "░": ([(0, 0, 8, 8)], 25), "▒": ([(0, 0, 8, 8)], 50), "▓": ([(0, 0, 8, 8)], 75),
        ]
        // ▁▂▃▄▅▆▇: lower n eighths; ▉▊▋▍▎▏ and ▌: left n eighths.
        for n in 1...7 {
            shapes[Character(Unicode.Scalar(0x2580 + UInt32(n))!)] = ([(0, 8 - n, 8, 8)], 100)
            shapes[Character(Unicode.Scalar(0x2590 - UInt32(n))!)] = ([(0, 0, n, 8)], 100)
        }
        // Quadrants: upper left, upper right, lower left, lower right.
        let quadrant = [(0, 0, 4, 4), (4, 0, 8, 4), (0, 4, 4, 8), (4, 4, 8, 8)]
        let quadrants: [(Character, [Int])] = [
            ("▖", [2]), ("▗", [3]), ("▘", [0]), ("▙", [0, 2, 3]), ("▚", [0, 3]), ("▛", [0, 1, 2]),
            ("▜", [0, 1, 3]), ("▝", [1]), ("▞", [1, 2]), ("▟", [1, 2, 3]),
        ]
        for (character, parts) in quadrants { shapes[character] = (parts.map { quadrant[$0] }, 100) }
        return shapes
    }()

    // MARK: Lines

    /// The four arms of a box-drawing character: up, right, down, left; 0 none, 1 light,
    /// 2 heavy, 3 double.
    struct Arms: Hashable {
        var up: Int, right: Int, down: Int, left: Int
    }

    /// U+2500…U+257F but the dashed ones (drawn as text): character, then up right down left.
    private static let boxArms: [Character: Arms] = {
        let table = """
            ─0101 ━0202 │1010 ┃2020 ┌0110 ┍0210 ┎0120 ┏0220 ┐0011 ┑0012 ┒0021 ┓0022
            └1100 ┕1200 ┖2100 ┗2200 ┘1001 ┙1002 ┚2001 ┛2002 ├1110 ┝1210 ┞2110 ┟1120
            ┠2120 ┡2210 ┢1220 ┣2220 ┤1011 ┥1012 ┦2011 ┧1021 ┨2021 ┩2012 ┪1022 ┫2022
            ┬0111 ┭0112 ┮0211 ┯0212 ┰0121 ┱0122 ┲0221 ┳0222 ┴1101 ┵1102 ┶1201 ┷1202
            ┸2101 ┹2102 ┺2201 ┻2202 ┼1111 ┽1112 ┾1211 ┿1212 ╀2111 ╁1121 ╂2121 ╃2112
            ╄2211 ╅1122 ╆1221 ╇2212 ╈1222 ╉2122 ╊2221 ╋2222 ═0303 ║3030 ╒0310 ╓0130
            ╔0330 ╕0013 ╖0031 ╗0033 ╘1300 ╙3100 ╚3300 ╛1003 ╜3001 ╝3003 ╞1310 ╟3130
            ╠3330 ╡1013 ╢3031 ╣3033 ╤0313 ╥0131 ╦0333 ╧1303 ╨3101 ╩3303 ╪1313 ╫3131
            ╬3333 ╭0110 ╮0011 ╯1001 ╰1100 ╴0001 ╵1000 ╶0100 ╷0010 ╸0002 ╹2000 ╺0200
            ╻0020 ╼0201 ╽1020 ╾0102 ╿2010
            """
        var arms: [Character: Arms] = [:]
        for entry in table.split(whereSeparator: \.isWhitespace) {
            let digits = entry.dropFirst().compactMap(\.wholeNumberValue)
            arms[entry.first!] = Arms(up: digits[0], right: digits[1], down: digits[2], left: digits[3])
        }
        return arms
    }()

    private static let roundedCorners: Set<Character> = ["╭", "╮", "╯", "╰"]

    /// Line segments by colour and weight, merged where they continue one another, plus the
    /// corners that are drawn as one path (rounded and double ones).
    private struct StrokeSet {
        private struct Key: Hashable { var colour: RGB, width: Int }
        private struct Group {
            /// Horizontal segments by row position, vertical ones by column position.
            var horizontal: [Int: [(Int, Int)]] = [:]
            var vertical: [Int: [(Int, Int)]] = [:]
            var paths: [String] = []
        }
        private var order: [Key] = []
        private var groups: [Key: Group] = [:]

        private mutating func with(_ colour: RGB, _ width: Int, _ change: (inout Group) -> Void) {
            let key = Key(colour: colour, width: width)
            if groups[key] == nil { order.append(key) }
            change(&groups[key, default: Group()])
        }

        private mutating func horizontal(_ colour: RGB, _ width: Int, y: Int, from x0: Int, to x1: Int) {
            with(colour, width) { Self.join(&$0.horizontal, on: y, from: x0, to: x1) }
        }

        private mutating func vertical(_ colour: RGB, _ width: Int, x: Int, from y0: Int, to y1: Int) {
            with(colour, width) { Self.join(&$0.vertical, on: x, from: y0, to: y1) }
        }

        /// Adds a segment on `line`, extending the last one there when they touch or overlap
        /// (segments come in reading order).
        private static func join(_ segments: inout [Int: [(Int, Int)]], on line: Int, from start: Int, to end: Int) {
            if let last = segments[line]?.last, start <= last.1 {
                segments[line]![segments[line]!.count - 1].1 = max(last.1, end)
            } else {
                segments[line, default: []].append((start, end))
            }
        }

        private static func width(_ weight: Int) -> Int {
            switch weight {
            case 2: SVGPicture.heavyStroke
            case 3: SVGPicture.doubleStroke
            default: SVGPicture.lightStroke
            }
        }

        mutating func add(_ arms: Arms, rounded: Bool, left: Int, top: Int, colour: RGB) {
            let right = left + SVGPicture.cellWidth, bottom = top + SVGPicture.cellHeight
            let cx = left + SVGPicture.cellWidth / 2, cy = top + SVGPicture.cellHeight / 2
            let n = SVGPicture.number
            if rounded {
                let r = SVGPicture.cellWidth / 2
                let x = arms.right > 0 ? right : left, edge = arms.down > 0 ? bottom : top
                // The quarter curve spans the half cell's width, so it starts at the cell's edge.
                let vy = arms.down > 0 ? cy + r : cy - r
                with(colour, SVGPicture.lightStroke) {
                    $0.paths.append("M\(n(x)) \(n(cy))Q\(n(cx)) \(n(cy)) \(n(cx)) \(n(vy))V\(n(edge))")
                }
                return
            }
            let g = SVGPicture.doubleGap
            // A double corner: two nested paths, so the lines meet like a frame's.
            if [arms.up, arms.right, arms.down, arms.left].filter({ $0 != 0 }) == [3, 3], (arms.up == 0) != (arms.down == 0),
               (arms.left == 0) != (arms.right == 0) {
                let x = arms.right > 0 ? right : left, edge = arms.down > 0 ? bottom : top
                let sx = arms.right > 0 ? 1 : -1, sy = arms.down > 0 ? 1 : -1
                for side in [-1, 1] {
                    // side -1: the outer line (away from the arms), 1: the inner one.
                    with(colour, SVGPicture.doubleStroke) {
                        $0.paths.append("M\(n(x)) \(n(cy + side * sy * g))H\(n(cx + side * sx * g))V\(n(edge))")
                    }
                }
                return
            }
            // Arms reach from the edge to the centre, and past it by half the crossing line's
            // width, so a corner's outside is square.
            let crossV = max(arms.up, arms.down) == 0 ? 0 : Self.width(max(arms.up, arms.down)) / 2
            let crossH = max(arms.left, arms.right) == 0 ? 0 : Self.width(max(arms.left, arms.right)) / 2
            // A double arm is two thin lines either side of the centre line.
            func arm(_ weight: Int, across: Bool, from start: Int, to end: Int) {
                guard weight > 0 else { return }
                for offset in weight == 3 ? [-g, g] : [0] {
                    if across {
                        horizontal(colour, Self.width(weight), y: cy + offset, from: start, to: end)
                    } else {
                        vertical(colour, Self.width(weight), x: cx + offset, from: start, to: end)
                    }
                }
            }
            arm(arms.left, across: true, from: left, to: cx + crossV)
            arm(arms.right, across: true, from: cx - crossV, to: right)
            arm(arms.up, across: false, from: top, to: cy + crossH)
            arm(arms.down, across: false, from: cy - crossH, to: bottom)
        }

        func svg() -> String {
            let n = SVGPicture.number
            return order.map { key in
                let group = groups[key] ?? Group()
                var d = ""
                for y in group.horizontal.keys.sorted() {
                    for (x0, x1) in group.horizontal[y]! { d += "M\(n(x0)) \(n(y))H\(n(x1))" }
                }
                for x in group.vertical.keys.sorted() {
                    for (y0, y1) in group.vertical[x]! { d += "M\(n(x)) \(n(y0))V\(n(y1))" }
                }
                d += group.paths.joined()
                return "<path d=\"\(d)\" fill=\"none\" stroke=\"\(key.colour.hex)\" stroke-width=\"\(n(key.width))\"/>\n"
            }.joined()
        }
    }

    // MARK: Formatting

    /// Thousandths as the shortest exact decimal: 8400 → "8.4", 17000 → "17".
    static func number(_ thousandths: Int) -> String {
        let sign = thousandths < 0 ? "-" : ""
        let value = abs(thousandths)
        var fraction = String(value % 1000)
        guard value % 1000 != 0 else { return sign + String(value / 1000) }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(value / 1000) + "." + fraction
    }

    /// `part / total` with four decimals, for `keyTimes`.
    static func fraction(_ part: Int, of total: Int) -> String {
        let tenThousandths = (part * 10_000 + total / 2) / total
        let whole = tenThousandths / 10_000, rest = tenThousandths % 10_000
        guard rest != 0 else { return String(whole) }
        var digits = String(rest)
        digits = String(repeating: "0", count: 4 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// Text for XML content and attribute values: markup characters escaped, characters XML
    /// can't hold replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let v = scalar.value
                let allowed = v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v)
                    || (0xE000...0xFFFD).contains(v) || v >= 0x10000
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}

private extension Duration {
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
