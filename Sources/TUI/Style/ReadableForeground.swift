#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps text readable whatever the terminal turns the theme's colours into: with 8 or 16
/// colours, dim grey becomes white and lands on yellow, cyan on a white background; with a
/// light background, pale text meets the terminal's white. When a foreground and its background,
/// as the terminal will show them, are too close (WCAG contrast ratio under `minimumRatio`), the
/// text is drawn black or white, whichever reads better. Only text: block elements (pictures,
/// bars) are areas of colour, meant as they are. See Docs/configuration.md, "Terminals".
public enum ReadableForeground {
    /// Below this ratio text is hard to read (WCAG asks 4.5 of body text; 2 still catches only
    /// the pairs that can't be read at all, and leaves the theme's own choices alone).
    public static let minimumRatio = 2.0

    /// The foreground to draw in: `foreground` itself, or black or white. Nil stands for the
    /// terminal's default colour, which is `background`'s opposite.
    public static func choose(foreground: RGB?, background: RGB?, terminal: TerminalBackground) -> RGB? {
        let back = background ?? terminal.color
        let fore = foreground ?? (terminal == .dark ? RGB(229, 229, 229) : RGB(0, 0, 0))
        guard ratio(fore, back) < minimumRatio else { return foreground }
        let black = RGB(0, 0, 0), white = RGB(255, 255, 255)
        return ratio(black, back) >= ratio(white, back) ? black : white
    }

    /// WCAG 2 contrast ratio, 1…21.
    public static func ratio(_ a: RGB, _ b: RGB) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// WCAG 2 relative luminance, 0…1.
    public static func luminance(_ color: RGB) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    /// Block elements (U+2580–U+259F: `▀`, `█`, shades) are colour areas, not text.
    public static func isText(_ scalar: Unicode.Scalar) -> Bool {
        !(0x2580...0x259F).contains(scalar.value)
    }
}
