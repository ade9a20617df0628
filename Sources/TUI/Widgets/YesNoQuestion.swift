/// A question answered Yes or No over the screen — the leave question, the launcher's forget
/// question — drawn as the one `Modal` with `Yes (y)` and `No (n)`, No focused at first (so
/// Enter keeps what is there). Tab, ←, →, h and l move between the buttons; Enter and Space
/// press the focused one; what y and n mean is each question's own declaration.
public struct YesNoQuestion: Equatable, Sendable {
    public enum Button: Int, CaseIterable, Sendable { case yes, no }

    /// What a key did.
    public enum Answer: Equatable, Sendable {
        case yes, no
        /// `?` or F1: the caller shows the question's keys.
        case help
        /// Taken (a move between the buttons, or a key the question swallows).
        case handled
    }

    public var title: String
    public var question: String
    public var focus = Button.no

    public init(title: String, question: String) {
        self.title = title
        self.question = question
    }

    /// What the buttons' own keys do.
    public enum ButtonKey: Sendable {
        /// Focus the other button.
        case move
        /// Press the focused one.
        case press
    }

    /// The keys that move between the buttons and press the focused one, declared once.
    static let buttonKeys = KeyMap<Void, ButtonKey>("", [
        KeyBinding(
            [.tab, .backTab, .left, .right, .char("h"), .char("l")], bar: "Tab ←→", label: "move",
            help: "move between Yes and No", action: { _, _ in .move }),
        KeyBinding(
            [.enter, .char(" ")], bar: "Enter", label: "press", help: "press the focused button (No at first)",
            action: { _, _ in .press }),
    ])

    /// The keys that move between the buttons and press the focused one, for a question's map.
    public static func movingKeys<Context, Action>() -> [KeyBinding<Context, Action>] {
        buttonKeys.bindings.map { $0.pullback { (_: Context) in () }.declaration() }
    }

    public var modal: Modal {
        Modal(title: title, body: question, buttons: ["Yes (y)", "No (n)"], focusedButton: focus.rawValue)
    }

    /// Answers `key`: `yes` and `no` are the question's own bindings for its two answers.
    public mutating func handle<Action>(_ key: Key, yes: KeyBinding<Void, Action>, no: KeyBinding<Void, Action>) -> Answer {
        if yes.handles(key, in: ()) { return .yes }
        if no.handles(key, in: ()) { return .no }
        if key == .char("?") || key == .function(1) { return .help }
        switch Self.buttonKeys.action(for: key, in: ()) {
        case .move:
            focus = focus == .yes ? .no : .yes
            return .handled
        case .press:
            return focus == .yes ? .yes : .no
        case nil:
            return .handled
        }
    }

    /// Draws the question over `area`; a click on a button presses its key, anywhere else nothing.
    public func draw(over area: Rect, on canvas: inout Canvas) {
        let modal = modal
        modal.draw(in: area, on: &canvas)
        canvas.addHitRegion(area, KeyTarget.backdrop())
        for (frame, key) in zip(modal.buttonFrames(in: area), [Key.char("y"), .char("n")]) {
            canvas.addHitRegion(frame, KeyTarget.press(key))
        }
    }
}
