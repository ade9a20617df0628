import TUI

/// The launcher's question before `x` forgets what a challenge keeps, drawn and answered as the
/// shell's leave question is (the one `YesNoQuestion`), with keys of its own: y forgets, n, Esc
/// or q keeps.
package struct ForgetQuestion: Equatable {
    /// What a key did.
    package enum Outcome: Equatable {
        case handled
        /// Forget it (Yes).
        case forget
        /// Keep it (No).
        case keep
        /// Not the question's: help, say.
        case ignored
    }

    /// The challenge whose progress is asked about, by index in the launcher's list.
    package var index: Int
    package var ask: YesNoQuestion
    package var focus: YesNoQuestion.Button { ask.focus }

    package init(index: Int, title: String, question: String) {
        self.index = index
        ask = YesNoQuestion(title: title, question: question)
    }

    package static let forgetKey = KeyBinding<Void, Never>(
        [.char("y"), .char("Y")], bar: "y", label: "forget", help: "forget it", importance: .essential)
    package static let keepKey = KeyBinding<Void, Never>(
        [.char("n"), .char("N"), .escape, .char("q")], bar: "n", label: "keep", help: "keep it", importance: .essential)

    package static let keyMap = KeyMap<Void, Never>("Forget question", YesNoQuestion.movingKeys() + [
        forgetKey, keepKey,
        KeyBinding([], names: "click", bar: nil, label: "press", help: "on Yes or No: press it; elsewhere nothing"),
    ])

    package mutating func handle(_ key: Key) -> Outcome {
        switch ask.handle(key, yes: Self.forgetKey, no: Self.keepKey) {
        case .yes: .forget
        case .no: .keep
        case .help: .ignored
        case .handled: .handled
        }
    }

    package func draw(over area: Rect, on canvas: inout Canvas) { ask.draw(over: area, on: &canvas) }
}
