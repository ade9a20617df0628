/// A mouse report from the terminal: what happened, at which cell (from the top-left corner,
/// 0-based, like `Canvas`), with which modifier keys held. The terminal sends it in xterm's SGR
/// encoding (`ESC [ < b ; column ; row M`, `m` for a release), which has no column limit; see
/// Docs/mouse-and-paste.md.
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable { case left, middle, right }

    public enum Action: Hashable, Sendable {
        case press(Button)
        /// A button went up (SGR says which; the app acts on presses only).
        case release
        case wheelUp
        case wheelDown
    }

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    public var action: Action
    public var point: Point
    public var modifiers: Modifiers

    public init(_ action: Action, at point: Point, modifiers: Modifiers = []) {
        self.action = action
        self.point = point
        self.modifiers = modifiers
    }

    /// A left click (a press: the app acts on it, the release changes nothing).
    public static func click(at point: Point) -> MouseEvent { MouseEvent(.press(.left), at: point) }

    /// The largest column or row taken from a report; anything beyond is not a real terminal.
    public static let maxCoordinate = 10_000

    /// Decodes the numbers of a report. `code` is xterm's button byte: the low two bits name the
    /// button (3: released, in the old encoding), +4 Shift, +8 Alt, +16 Ctrl, +32 motion, +64 the
    /// wheel, +128 the extra buttons; `column` and `row` count from 1. Motion, horizontal wheels
    /// and extra buttons are not asked for and come out nil, as does anything out of range.
    public static func decode(code: Int, column: Int, row: Int, isRelease: Bool) -> MouseEvent? {
        guard (0..<256).contains(code), (1...maxCoordinate).contains(column), (1...maxCoordinate).contains(row) else { return nil }
        var modifiers: Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        guard code & (32 | 128) == 0 else { return nil }
        let low = code & 3
        let action: Action
        if code & 64 != 0 {
            guard !isRelease, low < 2 else { return nil }
            action = low == 0 ? .wheelUp : .wheelDown
        } else if isRelease || low == 3 {
            action = .release
        } else {
            action = .press([Button.left, .middle, .right][low])
        }
        return MouseEvent(action, at: Point(x: column - 1, y: row - 1), modifiers: modifiers)
    }
}

extension MouseEvent: CustomStringConvertible {
    public var description: String {
        let what = switch action {
        case .press(let button): "\(button) press"
        case .release: "release"
        case .wheelUp: "wheel up"
        case .wheelDown: "wheel down"
        }
        return "mouse \(what) at \(point)"
    }
}
