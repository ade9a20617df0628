/// A paragraph of text drawn into a rectangle: wrapped (or cut to one line per paragraph),
/// aligned, limited to the rectangle's height or `maxLines`, with "…" when something was left out.
public struct TextBlock: Widget, Sendable {
    public var text: String
    public var style: Style
    public var alignment: TextAlignment
    public var maxLines: Int?
    /// When false each line of the text is truncated with "…" instead of wrapped.
    public var wraps: Bool

    public init(_ text: String, style: Style = .plain, alignment: TextAlignment = .left, maxLines: Int? = nil, wraps: Bool = true) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.maxLines = maxLines
        self.wraps = wraps
    }

    /// The lines as they would be drawn in `width` columns, without a height limit other than
    /// `maxLines`.
    public func layout(width: Int, height: Int? = nil) -> [String] {
        let limit = [maxLines, height].compactMap { $0 }.min()
        if wraps { return TextLayout.lines(text, width: width, maxLines: limit) }
        // One line, most often: no split to walk its graphemes for a newline.
        let lines = !text.utf8.contains(0x0A) ? [TextLayout.truncate(text, width: width)]
            : text.split(separator: "\n", omittingEmptySubsequences: false).map { TextLayout.truncate(String($0), width: width) }
        guard let limit, lines.count > limit else { return lines }
        guard limit > 0 else { return [] }
        var kept = Array(lines.prefix(limit))
        kept[limit - 1] = TextLayout.withEllipsis(kept[limit - 1], width: width)
        return kept
    }

    /// How many rows the text needs at `width`.
    public func height(forWidth width: Int) -> Int { layout(width: width).count }

    /// The rows `draw(in:on:)` would use in `rect`, without drawing: layouts measure with it.
    public func rowsUsed(in rect: Rect) -> Int {
        rect.isEmpty ? 0 : layout(width: rect.width, height: rect.height).count
    }

    /// Draws into `rect` (clipped to it); returns the number of rows used.
    @discardableResult
    public func draw(in rect: Rect, on canvas: inout Canvas) -> Int {
        guard !rect.isEmpty else { return 0 }
        let lines = layout(width: rect.width, height: rect.height)
        for (i, line) in lines.enumerated() {
            let x = rect.x + (alignment == .left ? 0 : TextLayout.offset(of: DisplayWidth.of(line), in: rect.width, alignment: alignment))
            canvas.put(line, at: Point(x: x, y: rect.y + i), style: style, clipTo: rect)
        }
        return lines.count
    }
}
