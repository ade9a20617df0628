/// A hit-map target that stands for keys: a left click presses `click`, a wheel step presses
/// `wheelUp` or `wheelDown` (`wheelRepeat` times). The app feeds those keys through its normal
/// key handling, so a button on screen does exactly what its key does. An opaque target keeps
/// the events it has no key for from the regions under it (a modal's backdrop).
public struct KeyTarget: Hashable, Sendable {
    public var click: Key?
    public var wheelUp: Key?
    public var wheelDown: Key?
    public var wheelRepeat: Int
    public var isOpaque: Bool

    public init(click: Key? = nil, wheelUp: Key? = nil, wheelDown: Key? = nil, wheelRepeat: Int = 1, isOpaque: Bool = false) {
        self.click = click
        self.wheelUp = wheelUp
        self.wheelDown = wheelDown
        self.wheelRepeat = max(1, wheelRepeat)
        self.isOpaque = isOpaque
    }

    /// A button: a click presses `key`.
    public static func press(_ key: Key) -> KeyTarget { KeyTarget(click: key) }

    /// Something that scrolls: the wheel presses ↑ or ↓ (`lines` times a step).
    public static func scroll(lines: Int = 1) -> KeyTarget {
        KeyTarget(wheelUp: .up, wheelDown: .down, wheelRepeat: lines)
    }

    /// Over everything drawn before it, taking every event: a click does nothing, or presses `click`.
    public static func backdrop(click: Key? = nil) -> KeyTarget { KeyTarget(click: click, isOpaque: true) }

    /// The keys `event` presses here; empty when it presses none.
    public func keys(for event: MouseEvent) -> [Key] {
        switch event.action {
        case .press(.left): click.map { [$0] } ?? []
        case .wheelUp: wheelUp.map { Array(repeating: $0, count: wheelRepeat) } ?? []
        case .wheelDown: wheelDown.map { Array(repeating: $0, count: wheelRepeat) } ?? []
        case .press, .release: []
        }
    }
}
