/// The high-contrast theme of the full screen (`--high-contrast`, Docs/configuration.md,
/// "Terminals"), for people with low vision who keep the screen: laid over each frame before it
/// is sent, so every screen gets it alike. Text is in the terminal's own foreground, never dim;
/// a coloured background (a selected row, a highlighted bar) becomes reverse video of the
/// terminal's own colours; the colours that mean something (red for an error, green for done,
/// yellow for a warning) stay, bold, at their strongest against the background, dark or light.
/// Pictures (block characters in colour) keep their colours: they are pictures.
public enum HighContrast {
    /// `cell`'s style in the theme, on a terminal whose background is `background`.
    public static func style(of cell: Cell, on background: TerminalBackground) -> Style {
        let style = cell.style
        if isPicture(cell) { return style }
        var contrasted = Style(bold: style.bold, reverse: style.reverse, underline: style.underline)
        if style.background != nil, !style.reverse { contrasted.reverse = true }
        if let signal = style.foreground.flatMap(signal), style.background == nil {
            contrasted.foreground = strongest(signal, on: background)
            contrasted.bold = true
        }
        return contrasted
    }

    /// `canvas` in the theme.
    public static func apply(to canvas: Canvas, on background: TerminalBackground) -> Canvas {
        var themed = canvas
        themed.restyleCells { style(of: $0, on: background) }
        return themed
    }

    /// The colours that say something.
    enum Signal { case red, green, yellow }

    /// Which signal a colour is, by its dominant channels; nil for the rest (greys, blues…).
    static func signal(_ color: RGB) -> Signal? {
        let red = Int(color.red), green = Int(color.green), blue = Int(color.blue)
        if red > 120, green > 120, blue * 2 < min(red, green) { return .yellow }
        if red > 120, red > green * 2, red > blue * 2 { return .red }
        if green > 100, green > red * 3 / 2, green > blue * 3 / 2 { return .green }
        return nil
    }

    /// Each signal at its strongest: bright on a dark background, deep on a light one.
    static func strongest(_ signal: Signal, on background: TerminalBackground) -> RGB {
        switch (signal, background) {
        case (.red, .dark): RGB(255, 95, 95)
        case (.green, .dark): RGB(95, 255, 95)
        case (.yellow, .dark): RGB(255, 255, 95)
        case (.red, .light): RGB(175, 0, 0)
        case (.green, .light): RGB(0, 110, 0)
        case (.yellow, .light): RGB(110, 80, 0)
        }
    }

    /// A half block, shade or full block in colour: part of a picture.
    static func isPicture(_ cell: Cell) -> Bool {
        guard cell.style.foreground != nil || cell.style.background != nil else { return false }
        return (0x2580...0x259F).contains(cell.glyph.firstScalar.value)
    }
}
