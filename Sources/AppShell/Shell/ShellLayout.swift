import TUI

/// How the shell shares the terminal: the key bar on the last row; above it the shell's notice
/// while one shows (a row of its own); the rest is the screen's, less the network inspector's
/// part while it is open — below the screen, or beside it on a wide terminal — so the screen is
/// laid out for what remains and nothing of it is hidden (Docs/live-tools.md).
package struct ShellLayout: Equatable {
    package var screen: Rect
    /// The screen's part and the inspector's together (help covers both).
    package var body: Rect
    package var inspector: Rect?
    package var notice: Rect?
    package var keyBar: Rect

    /// From this width the inspector goes beside the screen (which keeps at least 80 columns).
    package static let besideFromWidth = 140

    package init(size: Size, showsInspector: Bool, showsNotice: Bool) {
        var (keyBar, body) = Rect(origin: .zero, size: size).divided(1, from: .bottom)
        self.keyBar = keyBar
        notice = nil
        if showsNotice {
            let (row, rest) = body.divided(1, from: .bottom)
            notice = row
            body = rest
        }
        self.body = body
        guard showsInspector else {
            screen = body
            inspector = nil
            return
        }
        if size.width >= Self.besideFromWidth {
            // Two fifths, and room for the time column (72 columns inside the rule and the
            // margins) where the screen keeps its 80.
            let width = min(body.width - 80, max(75, body.width * 2 / 5))
            let (panel, rest) = body.divided(width, from: .right)
            (inspector, screen) = (panel, rest)
        } else {
            // About a third of the rows, growing with the terminal: 8 at 80×24, 7 at 60×20, 14 at 120×40.
            let height = min(body.height, max(5, body.height / 3 + 1))
            let (panel, rest) = body.divided(height, from: .bottom)
            (inspector, screen) = (panel, rest)
        }
    }

    /// Whether the inspector is beside the screen rather than below it.
    package var inspectorIsBeside: Bool { inspector.map { $0.y == screen.y && $0.x > screen.x } ?? false }
}
