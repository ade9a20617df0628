@testable import TUI

extension ColorPairTable {
    /// The RGB xterm shows for a colour index; nil for the default (-1).
    static func paletteColor(_ index: Int32) -> RGB? {
        color(index, direct: false)
    }
}
