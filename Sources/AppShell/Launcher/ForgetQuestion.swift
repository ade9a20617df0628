import TUI

/// The launcher's question before `x` forgets what a challenge keeps, drawn and answered as the
/// shell's leave question is (`LeaveDialog`: the one `Modal`, No focused at first, y and n, Tab
/// between the buttons), with keys of its own: y forgets, n, Esc or q keeps.
struct ForgetQuestion: Equatable {
    enum Button: Int, CaseIterable { case yes, no }

    /// What a key did.
    enum Outcome: Equatable {
        case handled
        /// Forget it (Yes).
        case forget
        /// Keep it (No).
        case keep
        /// Not the question's: help, say.
        case ignored
    }

    /// The challenge whose progress is asked about, by index in the launcher's list.
    var index: Int
    var title: String
    var question: String
    var focus = Button.no

    static let forgetKey = KeyBinding<Void>(
        [.char("y"), .char("Y")], bar: "y", label: "forget", help: "forget it", importance: .essential)
    static let keepKey = KeyBinding<Void>(
        [.char("n"), .char("N"), .escape, .char("q")], bar: "n", label: "keep", help: "keep it", importance: .essential)

    static let keyMap = KeyMap<Void>("Forget question", [
        KeyBinding(
            [.tab, .backTab, .left, .right, .char("h"), .char("l")], bar: "Tab ←→", label: "move",
            help: "move between Yes and No"),
        KeyBinding([.enter, .char(" ")], bar: "Enter", label: "press", help: "press the focused button (No at first)"),
        forgetKey, keepKey,
        KeyBinding([], names: "click", bar: nil, label: "press", help: "on Yes or No: press it; elsewhere nothing"),
    ])

    var modal: Modal {
        Modal(title: title, body: question, buttons: ["Yes (y)", "No (n)"], focusedButton: focus.rawValue)
    }

    mutating func handle(_ key: Key) -> Outcome {
        if Self.forgetKey.handles(key, in: ()) { return .forget }
        if Self.keepKey.handles(key, in: ()) { return .keep }
        switch key {
        case .tab, .backTab, .left, .right, .char("h"), .char("l"):
            focus = focus == .yes ? .no : .yes
            return .handled
        case .enter, .char(" "):
            return focus == .yes ? .forget : .keep
        case .char("?"), .function(1):
            return .ignored
        default:
            return .handled
        }
    }

    func draw(over area: Rect, on canvas: inout Canvas) {
        let modal = modal
        modal.draw(in: area, on: &canvas)
        canvas.addHitRegion(area, KeyTarget.backdrop())
        for (frame, key) in zip(modal.buttonFrames(in: area), [Key.char("y"), .char("n")]) {
            canvas.addHitRegion(frame, KeyTarget.press(key))
        }
    }
}
