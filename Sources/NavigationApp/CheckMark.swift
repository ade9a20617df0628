import AppShell
import Core
import TUI

/// Screen D's large check mark, drawn with full blocks: a short arm and a long one meeting at
/// the bottom. Cells are about twice as tall as wide, so each row steps two columns, which
/// draws both arms at 45°.
package struct CheckMark: Widget {
    package var style: Style

    package static let rows: [String] = {
        let height = 8, thickness = 4
        return (0..<height).map { row in
            let fromBottom = height - 1 - row
            var cells = Array(repeating: Character(" "), count: 28)
            // The long arm, from the bottom vertex up to the right.
            let long = 10 + 2 * fromBottom
            for x in long..<(long + thickness) { cells[x] = "█" }
            // The short arm, the bottom four rows, up to the left.
            if fromBottom < 4 {
                let short = 6 - 2 * fromBottom
                for x in short..<(short + thickness) { cells[x] = "█" }
            }
            while cells.last == " " { cells.removeLast() }
            return String(cells)
        }
    }()

    package static var size: Size { Size(width: rows.map(\.count).max() ?? 0, height: rows.count) }

    /// Draws the mark centred in `rect`.
    package func draw(in rect: Rect, on canvas: inout Canvas) {
        let box = rect.centred(Self.size)
        for (index, row) in Self.rows.enumerated() where index < box.height {
            canvas.put(row, at: Point(x: box.x, y: box.y + index), style: style, clipTo: box)
        }
    }
}
