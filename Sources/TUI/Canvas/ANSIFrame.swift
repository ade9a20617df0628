/// A frame as the bytes an ANSI terminal (xterm, and the players of asciinema casts) needs to
/// show it: from the previous frame, only the cells that changed (`Canvas.changes(from:)`, the
/// diff the real terminal gets too), each run of cells written with one cursor move and one
/// style change at most. Colours are 24-bit, as the canvas holds them; without colour
/// (`NO_COLOR`), attributes only. A recording's cast is made of these (Docs/recording.md).
public enum ANSIFrame {
    /// What turns `previous` (nil: a blank screen of any content) into `canvas`, the cursor
    /// shown at `cursor` or hidden. A new size (or the first frame) clears the screen first.
    public static func bytes(_ canvas: Canvas, cursor: Point?, after previous: Canvas?, colors: Bool = true) -> String {
        var out = ""
        let base = previous.flatMap { $0.size == canvas.size ? $0 : nil }
        if base == nil { out += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        var at: Point?
        var style: Style?
        for change in canvas.changes(from: base) where !change.cell.isContinuation {
            if at != change.point { out += "\u{1B}[\(change.point.y + 1);\(change.point.x + 1)H" }
            if style != change.cell.style {
                out += sgr(change.cell.style, colors: colors)
                style = change.cell.style
            }
            let character = change.cell.character
            let printable = character.unicodeScalars.contains(where: DisplayWidth.isControl) ? " " : character
            out.append(printable)
            at = Point(x: change.point.x + max(1, DisplayWidth.of(printable)), y: change.point.y)
        }
        if style != nil { out += "\u{1B}[0m" }
        if let cursor {
            out += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H\u{1B}[?25h"
        } else {
            out += "\u{1B}[?25l"
        }
        return out
    }

    /// Select Graphic Rendition for `style`, from a reset.
    static func sgr(_ style: Style, colors: Bool) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if colors {
            if let foreground = style.foreground { codes.append("38;2;\(foreground.red);\(foreground.green);\(foreground.blue)") }
            if let background = style.background { codes.append("48;2;\(background.red);\(background.green);\(background.blue)") }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
