extension ClusterOverlay {
    /// The columns `first...last` of `row` that changed this frame: ncurses wrote there, and may
    /// have sent an unchanged placeholder among them again (a short run of unchanged cells
    /// between two changes costs less to send than to jump over).
    struct Span: Equatable {
        var row: Int
        var first: Int
        var last: Int
    }

    /// How the terminal is told to move, to take a cell's style and to stop wrapping.
    struct Controls {
        /// The cursor to `row`, `column` (0-based).
        var move: (_ row: Int, _ column: Int) -> [UInt8]
        /// The style of the cell at `index` of the canvas (row by row).
        var style: (_ cell: Cell, _ index: Int) -> [UInt8]
        /// Back to the plain style ncurses believes the terminal has.
        var reset: () -> [UInt8]
        /// Auto-margin off and on: a cluster drawn wider than expected at the right edge then
        /// overwrites the last column instead of wrapping, or scrolling the screen.
        var autowrapOff: [UInt8]
        var autowrapOn: [UInt8]

        /// ANSI and 24-bit colour, as `ANSIFrame` writes a cast: for tests.
        static var ansi: Controls {
            Controls(
                move: { Array("\u{1B}[\($0 + 1);\($1 + 1)H".utf8) },
                style: { cell, _ in Array(ANSIFrame.sgr(cell.style, colors: true).utf8) },
                reset: { Array("\u{1B}[0m".utf8) },
                autowrapOff: Array("\u{1B}[?7l".utf8), autowrapOn: Array("\u{1B}[?7h".utf8))
        }
    }

    /// The bytes to write after `doupdate`: every cluster drawn over a placeholder
    /// (`isPlaceholder`, by canvas index) within `spans`, each followed by the cells a wider
    /// rendering of it could have covered; then the cursor back at `cursor`, where ncurses
    /// believes it is. Empty when there is no such cluster.
    static func bytes(
        _ canvas: Canvas, spans: [Span], columns: Int, cursor: Point, isPlaceholder: (Int) -> Bool, controls: Controls
    ) -> [UInt8] {
        let width = canvas.size.width
        let columns = min(columns, width)
        var out: [UInt8] = []
        for span in spans where span.row < canvas.size.height {
            var x = span.first
            while x <= min(span.last, columns - 1) {
                guard isPlaceholder(span.row * width + x) else { x += 1; continue }
                if out.isEmpty { out = controls.autowrapOff }
                x = drawCluster(at: x, row: span.row, canvas, columns: columns, isPlaceholder: isPlaceholder, controls, into: &out)
            }
        }
        guard !out.isEmpty else { return [] }
        out += controls.reset()
        out += controls.autowrapOn
        out += controls.move(cursor.y, cursor.x)
        return out
    }

    /// Writes the cluster at `start` and the cells after it up to its widest rendering (and
    /// theirs, for a cluster among them), then the cell before it again; returns the column after
    /// the last cell written.
    private static func drawCluster(
        at start: Int, row: Int, _ canvas: Canvas, columns: Int, isPlaceholder: (Int) -> Bool, _ controls: Controls,
        into out: inout [UInt8]
    ) -> Int {
        let width = canvas.size.width
        var x = start
        var end = start + 1
        out += controls.move(row, x)
        while x < min(end, columns) {
            let index = row * width + x
            let cell = canvas[x, row]
            if cell.isContinuation { x += 1; continue }
            write(cell, index: index, controls, into: &out)
            if isPlaceholder(index) {
                end = max(end, x + widestRendering(cell.character))
                x += max(1, DisplayWidth.of(cell.character))
                // The terminal's cursor is wherever its width for the cluster put it: placed again.
                if x < min(end, columns) { out += controls.move(row, x) }
            } else {
                x += max(1, DisplayWidth.of(cell.character))
            }
        }
        // A terminal that can't hold the cluster in one cell (tmux 3.3 keeps 21 bytes) adds what
        // is left to the cell before, where ncurses would never see it: that cell is written again.
        var before = start - 1
        if before > 0, canvas[before, row].isContinuation { before -= 1 }
        if before >= 0, !isPlaceholder(row * width + before) {
            out += controls.move(row, before)
            write(canvas[before, row], index: row * width + before, controls, into: &out)
        }
        return x
    }

    /// One cell's style and text (a blank for a control, which is never sent).
    private static func write(_ cell: Cell, index: Int, _ controls: Controls, into out: inout [UInt8]) {
        out += controls.style(cell, index)
        if cell.character.unicodeScalars.contains(where: DisplayWidth.isControl) {
            out.append(0x20)
        } else {
            out += Array(String(cell.character).utf8)
        }
    }
}
