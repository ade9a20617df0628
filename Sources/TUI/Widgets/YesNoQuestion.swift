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

    /// The keys that move between the buttons and press the focused one, for a question's map.
    public static func movingKeys<Context>() -> [KeyBinding<Context>] {
        [
            KeyBinding(
                [.tab, .backTab, .left, .right, .char("h"), .char("l")], bar: "Tab ←→", label: "move",
                help: "move between Yes and No"),
            KeyBinding([.enter, .char(" ")], bar: "Enter", label: "press", help: "press the focused button (No at first)"),
        ]
    }

    public var modal: Modal {
        Modal(title: title, body: question, buttons: ["Yes (y)", "No (n)"], focusedButton: focus.rawValue)
    }

    /// Answers `key`: `yes` and `no` are the question's own bindings for its two answers.
    public mutating func handle(_ key: Key, yes: KeyBinding<Void>, no: KeyBinding<Void>) -> Answer {
        if yes.handles(key, in: ()) { return .yes }
        if no.handles(key, in: ()) { return .no }
        switch key {
        case .char("?"), .function(1):
            return .help
        case .tab, .backTab, .left, .right, .char("h"), .char("l"):
            focus = focus == .yes ? .no : .yes
            return .handled
        case .enter, .char(" "):
            return focus == .yes ? .yes : .no
        default:
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
