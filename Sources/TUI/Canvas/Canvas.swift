/// A grid of cells that screens draw into; the terminal backend shows it. A value: drawing is
/// cheap, comparing two canvases tells the backend what changed, tests read it as text.
///
/// Invariants kept by every mutation: a wide character's head is always followed by its
/// continuation cell, and a continuation always follows a head; overwriting half of a wide
/// character blanks the other half.
///
/// Drawing also records what is clickable (`hitMap`). Two canvases are equal when they show the
/// same cells: the hit map is not part of what is shown.
public struct Canvas: Hashable, Sendable {
    public let size: Size
    /// Row by row; read in place by the diff (CanvasDiff.swift).
    private(set) var cells: [Cell]
    /// The clickable regions drawn so far, clipped to the canvas.
    public private(set) var hitMap = HitMap()

    public init(size: Size, style: Style = .plain) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        let blank = Cell(glyph: .space, style: style)
        self.cells = Array(unsafeUninitializedCapacity: self.size.width * self.size.height) { buffer, count in
            Self.fill(buffer, with: blank)
            count = buffer.count
        }
    }

    /// This canvas blank again at `size`, with no clickable region: what a new
    /// `Canvas(size:style:)` is, in the same memory when the size is the same and nothing else
    /// shares it. The event loop draws each frame into the storage of the frame before last, so a
    /// key press neither allocates a screenful of cells nor frees one (Docs/performance.md,
    /// "The seventh round").
    public mutating func clear(to size: Size, style: Style = .plain) {
        let size = Size(width: max(0, size.width), height: max(0, size.height))
        guard size == self.size else {
            self = Canvas(size: size, style: style)
            return
        }
        hitMap.removeAll()
        let blank = Cell(glyph: .space, style: style)
        cells.withUnsafeMutableBufferPointer { Self.fill($0, with: blank) }
    }

    /// Writes `cell` into every element of `buffer` (initialised or not: a cell holds no
    /// reference): a few cells one by one, then copies of what is written, doubling, which the
    /// C library does many bytes a step where a loop of cells would store 12 bytes at a time.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<Cell>, with cell: Cell) {
        guard let base = buffer.baseAddress else { return }
        var filled = min(buffer.count, 16)
        base.initialize(repeating: cell, count: filled)
        while filled < buffer.count {
            let count = min(filled, buffer.count - filled)
            (base + filled).initialize(from: base, count: count)
            filled += count
        }
    }

    public var bounds: Rect { Rect(size: size) }

    /// Room for `count` clickable regions: a whole frame's, given at once (`HitMap.reserveCapacity`).
    public mutating func reserveHitRegions(_ count: Int) { hitMap.reserveCapacity(count) }

    /// The cell at `point`; a blank cell outside the canvas.
    public subscript(point: Point) -> Cell {
        bounds.contains(point) ? cells[point.y * size.width + point.x] : .blank
    }

    public subscript(x: Int, y: Int) -> Cell { self[Point(x: x, y: y)] }

    public func style(at point: Point) -> Style { self[point].style }

    // MARK: Drawing

    /// Writes `text` on one line from `point`, clipped to `clip` (and the canvas), never
    /// wrapped. Wide characters take two cells and are skipped whole when only one would fit;
    /// control characters (newlines, escapes) are dropped. Returns the column after the text,
    /// as if nothing had been clipped on the left.
    @discardableResult
    public mutating func put(_ text: String, at point: Point, style: Style = .plain, clipTo clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard point.y >= area.minY, point.y < area.maxY, !area.isEmpty else {
            return point.x + DisplayWidth.of(text)
        }
        // Printable ASCII, most text, is a cell a byte: written without walking graphemes.
        if let end = putPrintableASCII(text, at: point, style: style, in: area) { return end }
        if let end = putSimpleScalars(text, at: point, style: style, in: area) { return end }
        return putByGraphemes(text, at: point, style: style, in: area)
    }

    /// `put` for any text, grapheme by grapheme, in a visible row of `area`.
    mutating func putByGraphemes(_ text: String, at point: Point, style: Style, in area: Rect) -> Int {
        var x = point.x
        var lastHead: Int? // index of the last cell written, where a stray combining mark attaches
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 {
                if let head = lastHead, !character.unicodeScalars.contains(where: DisplayWidth.isControl) {
                    let combined = String(cells[head].character) + String(character)
                    if combined.count == 1, let merged = combined.first { cells[head].character = merged }
                }
                continue
            }
            defer { x += width }
            if x >= area.maxX { lastHead = nil; continue }
            if x < area.minX {
                // A wide character straddling the left edge: its visible half becomes a blank.
                if x + width > area.minX { place(.space, width: 1, x: area.minX, y: point.y, style: style) }
                lastHead = nil
                continue
            }
            if x + width > area.maxX { lastHead = nil; continue } // never half-drawn
            place(Glyph(character), width: width, x: x, y: point.y, style: style)
            lastHead = point.y * size.width + x
        }
        return x
    }

    /// `put` for text whose every scalar is a grapheme of its own (`DisplayWidth.forEachSimpleScalar`:
    /// Latin, arrows, box drawing…): placed scalar by scalar, by the rules of the grapheme path
    /// (nothing is joined to anything there). Nil, having written nothing, for any other text.
    private mutating func putSimpleScalars(_ text: String, at point: Point, style: Style, in area: Rect) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            var glyphs: [(glyph: Glyph, width: Int)] = []
            let simple = DisplayWidth.forEachSimpleScalar(bytes) { _, scalar, width in
                if width > 0 { glyphs.append((Glyph(scalar), width)) }
            }
            guard simple else { return nil }
            var x = point.x
            for (glyph, width) in glyphs {
                defer { x += width }
                if x >= area.maxX { continue }
                if x < area.minX {
                    // A wide character straddling the left edge: its visible half becomes a blank.
                    if x + width > area.minX { place(.space, width: 1, x: area.minX, y: point.y, style: style) }
                    continue
                }
                if x + width > area.maxX { continue } // never half-drawn
                place(glyph, width: width, x: x, y: point.y, style: style)
            }
            return x
        }
    }

    /// `put` for text of printable ASCII only (0x20–0x7E); nil, having written nothing, for
    /// any other text.
    private mutating func putPrintableASCII(_ text: String, at point: Point, style: Style, in area: Rect) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte > 0x7E { return nil }
            let first = max(point.x, area.minX), end = min(point.x + bytes.count, area.maxX)
            for x in stride(from: first, to: end, by: 1) {
                place(Glyph(ascii: bytes[x - point.x]), width: 1, x: x, y: point.y, style: style)
            }
            return point.x + bytes.count
        }
    }

    /// Fills `rect` (clipped) with `character` in `style`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let width = max(1, DisplayWidth.of(character))
        let glyph = Glyph(character)
        if width == 1 {
            fillRows(area, with: Cell(glyph: glyph, style: style))
            return
        }
        for y in area.minY..<area.maxY {
            var x = area.minX
            while x + width <= area.maxX {
                place(glyph, width: width, x: x, y: y, style: style)
                x += width
            }
            if x < area.maxX { place(.space, width: 1, x: x, y: y, style: style) }
        }
    }

    /// `fill` with a narrow character, row by row in one store each (every frame fills its
    /// screen's inside: Docs/performance.md, "A key press"). What `place` does cell by cell
    /// comes to this: only the wide characters the area cuts at its two edges are made blanks.
    private mutating func fillRows(_ area: Rect, with cell: Cell) {
        let width = size.width
        cells.withUnsafeMutableBufferPointer { cells in
            for y in area.minY..<area.maxY {
                let row = y * width
                if area.minX > 0, cells[row + area.minX].isContinuation {
                    cells[row + area.minX - 1] = Cell(glyph: .space, style: cells[row + area.minX - 1].style)
                }
                if area.maxX < width, cells[row + area.maxX].isContinuation {
                    cells[row + area.maxX] = Cell(glyph: .space, style: cells[row + area.maxX].style)
                }
                (cells.baseAddress! + row + area.minX).update(repeating: cell, count: area.width)
            }
        }
    }

    /// Changes the style of every cell in `rect`, keeping the characters (dimming a background,
    /// highlighting a row).
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX { transform(&cells[y * size.width + x].style) }
        }
    }

    /// Gives every cell the style `transform` makes of it (a theme laid over a whole frame).
    public mutating func restyleCells(_ transform: (Cell) -> Style) {
        for index in cells.indices { cells[index].style = transform(cells[index]) }
    }

    /// Copies `other` onto this canvas with its top-left corner at `origin` (clipped to the
    /// canvas and to `clip`), its clickable regions with it: a window onto a taller drawing.
    public mutating func draw(_ other: Canvas, at origin: Point, clipTo clip: Rect? = nil) {
        let clip = clip.map { $0.intersection(bounds) } ?? bounds
        for region in other.hitMap.regions { hitMap.add(region, movedBy: origin, clippedTo: clip) }
        let placed = Rect(origin: origin, size: other.size)
        if !placed.isEmpty, clip.intersection(placed) == placed {
            copyRows(of: other, at: origin)
            return
        }
        for y in 0..<other.size.height {
            var x = 0
            while x < other.size.width {
                let cell = other[x, y]
                if cell.isContinuation { x += 1; continue }
                let width = max(1, DisplayWidth.of(cell.glyph))
                let target = Point(x: origin.x + x, y: origin.y + y)
                if clip.contains(target), target.x + width <= clip.maxX {
                    place(cell.glyph, width: width, x: target.x, y: target.y, style: cell.style)
                }
                x += width
            }
        }
    }

    /// `draw` of a canvas that fits whole where it goes: its rows copied as they are (a row
    /// never starts with the right half of a wide character), and the wide characters of this
    /// canvas that the copy cuts in half made blanks, as `place` does.
    private mutating func copyRows(of other: Canvas, at origin: Point) {
        let width = other.size.width
        for y in 0..<other.size.height {
            let row = (origin.y + y) * size.width
            let first = row + origin.x, last = first + width - 1
            if cells[first].isContinuation, origin.x > 0 { cells[first - 1] = Cell(glyph: .space, style: cells[first - 1].style) }
            if origin.x + width < size.width, cells[last + 1].isContinuation {
                cells[last + 1] = Cell(glyph: .space, style: cells[last + 1].style)
            }
            other.cells.withUnsafeBufferPointer { source in
                cells.withUnsafeMutableBufferPointer { target in
                    (target.baseAddress! + first).update(from: source.baseAddress! + y * width, count: width)
                }
            }
        }
    }

    /// Makes `rect` (clipped to the canvas and to `clip`) a region whose clicks and wheel go to
    /// `target`, over the regions added before.
    public mutating func addHitRegion(_ rect: Rect, _ target: some Hashable & Sendable, clipTo clip: Rect? = nil) {
        hitMap.add(rect.intersection(clip.map { $0.intersection(bounds) } ?? bounds), target)
    }

    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        lhs.size == rhs.size && lhs.cells == rhs.cells
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(cells)
    }

    /// Writes one cell as it is (a diff being applied); outside the canvas nothing happens.
    mutating func set(_ cell: Cell, at point: Point) {
        guard bounds.contains(point) else { return }
        cells[point.y * size.width + point.x] = cell
    }

    private mutating func place(_ glyph: Glyph, width: Int, x: Int, y: Int, style: Style) {
        let row = y * size.width
        // Break up wide characters that are only partly overwritten.
        if cells[row + x].isContinuation, x > 0 {
            cells[row + x - 1] = Cell(glyph: .space, style: cells[row + x - 1].style)
        }
        let last = x + width - 1
        if last + 1 < size.width, cells[row + last + 1].isContinuation {
            cells[row + last + 1] = Cell(glyph: .space, style: cells[row + last + 1].style)
        }
        cells[row + x] = Cell(glyph: glyph, style: style)
        if width == 2 { cells[row + x + 1] = Cell(glyph: .space, style: style, isContinuation: true) }
    }

    // MARK: Reading (tests, snapshots)

    /// Each row as text, continuation cells left out (a wide character reads as one character),
    /// trailing spaces trimmed.
    public var lines: [String] {
        (0..<size.height).map { line($0, from: 0, to: size.width) }
    }

    /// The text inside `rect`, one line per row, trailing spaces trimmed, joined by newlines.
    public func text(in rect: Rect) -> String {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return "" }
        return (area.minY..<area.maxY).map { line($0, from: area.minX, to: area.maxX) }.joined(separator: "\n")
    }

    /// The whole canvas as text: `lines` joined by newlines (for snapshot assertions).
    public var snapshot: String { lines.joined(separator: "\n") }

    private func line(_ y: Int, from x0: Int, to x1: Int) -> String {
        var text = ""
        for x in x0..<x1 where !cells[y * size.width + x].isContinuation {
            text.append(cells[y * size.width + x].character)
        }
        while text.last == " " { text.removeLast() }
        return text
    }
}
