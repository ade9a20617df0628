import TUI

/// The screen-reader mode's app (Docs/screen-reader.md): the shell (or the recorder around it)
/// runs exactly as in the full screen, at the transcript terminal's fixed size, drawing its
/// frames off screen; at each frame, what the shell says (`ChallengeShell.spoken`) is turned
/// into the transcript's new lines, written before the frame is drawn. A number typed where a
/// numbered list is offered, then Enter, becomes the keys that choose that entry in the full
/// screen (moves, then Enter), so every choice goes through the same reducers, and a recording
/// holds those keys.
package final class TranscriptApp<Inner: TerminalApp>: TerminalApp where Inner.Message == ShellMessage {
    package typealias Message = ShellMessage

    private let inner: Inner
    private let shell: ChallengeShell
    private let say: ([String]) -> Void
    private var writer = TranscriptWriter()
    private var context: RunContext<ShellMessage>?
    /// The digits typed so far of a number to choose.
    private var number = ""

    /// `say` writes lines to the terminal.
    package init(_ inner: Inner, shell: ChallengeShell, say: @escaping ([String]) -> Void) {
        self.inner = inner
        self.shell = shell
        self.say = say
    }

    package func start(_ context: RunContext<ShellMessage>) {
        self.context = context
        inner.start(context)
    }

    package func handle(_ key: Key, _ context: RunContext<ShellMessage>) {
        if let choices = shell.spoken(at: context.now).choices, !shell.keyContext.capturesText, choose(key, among: choices, context) {
            return
        }
        number = ""
        inner.handle(key, context)
    }

    /// Whether `key` was part of a number typed to choose an entry.
    private func choose(_ key: Key, among choices: Spoken.Choices, _ context: RunContext<ShellMessage>) -> Bool {
        switch key {
        case .char(let character) where character.isASCII && character.isNumber:
            number.append(character)
            return true
        case .backspace where !number.isEmpty:
            number.removeLast()
            return true
        case .escape where !number.isEmpty:
            number = ""
            say(["Number cleared"])
            return true
        case .enter where !number.isEmpty:
            defer { number = "" }
            guard let chosen = Int(number), let keys = choices.keys(choosing: chosen) else {
                say(["There is no \(number) here: type a number from 1 to \(choices.count), then Enter"])
                return true
            }
            for key in keys { inner.handle(key, context) }
            return true
        default:
            return false
        }
    }

    package func handle(_ message: ShellMessage, _ context: RunContext<ShellMessage>) {
        inner.handle(message, context)
    }

    /// What changed is said, then the frame is drawn (off screen). What the shell says comes
    /// from its state, not from the frame, so the line goes out before the drawing rather than
    /// after it: the frame was two thirds of a key press's work before its line
    /// (Docs/performance.md, "The seventh round").
    package func render(into canvas: inout Canvas) -> Point? {
        let now = context?.now ?? .zero
        say(writer.lines(for: shell, at: now))
        return inner.render(into: &canvas)
    }

    package func presented(_ canvas: Canvas, cursor: Point?) {
        inner.presented(canvas, cursor: cursor)
    }

    package var worksAfterEachFrame: Bool { inner.worksAfterEachFrame }
}

extension TranscriptWriter {
    /// The lines to write now for what `shell` says at `now`.
    package mutating func lines(for shell: ChallengeShell, at now: Duration) -> [String] {
        // What is over the top screen, as a number: nothing, help, the leave question, the
        // fault panel or the timeline.
        let view = switch shell.overlays.last {
        case nil: 0
        case .help?: 1
        case .leaveConfirmation?: 2
        case .faults?: 3
        case .timeline?: 4
        }
        return lines(for: shell.spoken(at: now), screen: shell.state.top?.id.number ?? -1, view: view)
    }
}
