import TUI

/// `?`: the keys of the whole app, in a box over whatever is on screen.
struct HelpOverlay: Widget {
    static let keys: [(key: String, action: String)] = [
        ("↑ ↓  j k", "move"),
        ("Enter", "open, press the focused button, next"),
        ("Tab  Shift-Tab", "next / previous field in forms"),
        ("Space", "check an option"),
        ("Esc  ←  Backspace", "back, where the screen has a back button"),
        ("r", "retry what failed"),
        ("n", "network inspector: every request"),
        ("f", "fault panel: delays and failures"),
        ("q", "leave the challenge; quit from the launcher"),
        ("?", "this help"),
        ("Ctrl-C", "quit at once, anywhere"),
    ]

    /// Draws the box centred over `area`.
    func draw(in area: Rect, on canvas: inout Canvas) {
        let keys = Self.keys
        let keyWidth = keys.map { DisplayWidth.of($0.key) }.max() ?? 0
        let lineWidth = keyWidth + 2 + (keys.map { DisplayWidth.of($0.action) }.max() ?? 0)
        let box = area.centred(Size(width: min(area.width, lineWidth + 6), height: min(area.height, keys.count + 4)))
        canvas.fill(box, with: " ", style: .plain)
        let inner = Frame(title: "Keys", border: .rounded, titleStyle: .bold).draw(in: box, on: &canvas)
            .inset(horizontal: 2, vertical: 1)
        for (row, entry) in keys.enumerated() where row < inner.height {
            let y = inner.y + row
            canvas.put(entry.key, at: Point(x: inner.x, y: y), style: .bold, clipTo: inner)
            canvas.put(entry.action, at: Point(x: inner.x + keyWidth + 2, y: y), style: .plain, clipTo: inner)
        }
    }
}
