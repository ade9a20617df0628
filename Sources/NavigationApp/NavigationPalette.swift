import AppShell
import Core
import Navigation
import TUI

/// The navigation flow's colours: each screen's background from the challenge's diagram, with
/// dark text on all of them. They are RGB values; the theme maps them to what the terminal can
/// show (nearest of 256 or 8 colours, none with NO_COLOR, where bold and reverse still tell
/// the parts apart).
package enum NavigationPalette {
    /// Dark enough to read on every background of the diagram, the magenta C2 included.
    package static let text = RGB(0x1C, 0x1C, 0x1C)

    package static func background(of screen: FlowScreen) -> RGB {
        switch screen {
        case .a: RGB(0x97, 0xD0, 0x77)
        case .b1: RGB(0xFF, 0xFF, 0xCC)
        case .b2: RGB(0xFF, 0xFF, 0x66)
        case .b3: RGB(0xCC, 0xCC, 0x00)
        case .c1: RGB(0xFF, 0xCC, 0xFF)
        case .c2: RGB(0xFF, 0x33, 0xFF)
        case .d: RGB(0xD4, 0xE1, 0xF5)
        }
    }

    /// Plain text on `screen`'s background; every other style of the screen derives from it so
    /// no cell loses the background.
    package static func base(for screen: FlowScreen) -> Style {
        Style(foreground: text, background: background(of: screen))
    }

    /// While the stored progress loads the screen is not known yet: terminal colours.
    package static let neutral = Style.plain
}
