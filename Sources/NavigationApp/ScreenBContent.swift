import AppShell
import Core
import Navigation
import TUI

/// Screens B1, B2 and B3: B1's wheel picker, B2's exclusive checkboxes or B3's text, the Next
/// button, and under it what Next is doing (submitting, the submit's error, B2's hint).
package struct ScreenBContent: Widget {
    package var state: NavigationState
    package var spinner: String
    package var base: Style

    /// The wheel's or the checkboxes' box: the five options and a border, some room to the right.
    package static let choiceBoxSize = Size(width: 24, height: Choices.b1.count + 2)

    /// Rows B1 and B2 take with a blank row between their parts: the prompt, the box, Next and
    /// a two-row message.
    package static let roomyHeight = choiceBoxSize.height + 7

    /// Where there is less room (the network inspector shares the terminal) the blank rows go
    /// first, then the box shrinks (the choices scroll in it, the highlighted one in sight), so
    /// Next and its message stay on screen.
    package func draw(in rect: Rect, on canvas: inout Canvas) {
        var y = rect.y
        let gap = rect.height >= Self.roomyHeight ? 1 : 0
        switch state.screen {
        case .b1, .b2:
            let prompt = state.screen == .b1 ? "Choose one (the highlighted choice is your selection)" : "Check one option"
            canvas.put(TextLayout.truncate(prompt, width: rect.width), at: Point(x: rect.x, y: y), style: base, clipTo: rect)
            y += 1 + gap
            let boxHeight = min(Self.choiceBoxSize.height, max(3, rect.height - 4 - 3 * gap))
            let box = Rect(x: rect.x, y: y, width: min(rect.width, Self.choiceBoxSize.width), height: boxHeight)
                .intersection(rect)
            let inner = Frame(style: base).draw(in: box, on: &canvas).inset(left: 1, right: 1)
            // The wheel turns the picker (or moves B2's highlight) as ↑/↓ do; a click on an
            // option chooses it.
            canvas.addHitRegion(box, KeyTarget.scroll())
            let rows = ChoiceList(choices, isFocused: state.acceptsMoves, style: base, highlightStyle: base.bolded().reversed())
                .draw(in: inner, on: &canvas)
            for row in rows { canvas.addHitRegion(row.rect, NavigationTarget.choice(row.index)) }
            // Options scrolled out of the shrunk box are marked on its border, as help marks its own.
            let shown = rows.map(\.index)
            if let first = shown.first, first > 0 {
                canvas.put("↑ more", at: Point(x: box.maxX - 8, y: box.y), style: base.dimmed(), clipTo: box)
            }
            if let last = shown.last, last < choices.options.count - 1 {
                canvas.put("↓ more", at: Point(x: box.maxX - 8, y: box.maxY - 1), style: base.dimmed(), clipTo: box)
            }
            y = box.maxY + gap
        default:
            let field = LargeTextField(text: LoremIpsum.text, style: base)
            let height = min(field.height(forWidth: rect.width), max(3, rect.height - 2))
            field.draw(in: Rect(x: rect.x, y: y, width: rect.width, height: height).intersection(rect), on: &canvas)
            y += height + 1
        }
        let nextRow = Rect(x: rect.x, y: y, width: rect.width, height: 1).intersection(rect)
        let next = Button("Next", isEnabled: state.submitting == nil, style: base.bolded()).draw(in: nextRow, on: &canvas)
        canvas.addHitRegion(next, KeyTarget.press(.enter), clipTo: nextRow)
        y += 1 + gap
        let below = Rect(x: rect.x, y: y, width: rect.width, height: max(0, rect.maxY - y))
        TextBlock(message, style: messageStyle, maxLines: 2).draw(in: below, on: &canvas)
    }

    private var choices: ChoiceState {
        if state.screen == .b1 {
            return ChoiceState(options: Choices.b1, mode: .wheel, selection: state.b1Selection)
        }
        var choices = ChoiceState(options: Choices.b2, mode: .exclusiveCheckboxes, selection: state.b2Checked)
        choices.highlight(state.b2Cursor)
        return choices
    }

    /// What Next is doing: submitting, the failure (Enter tries again), or B2's hint.
    private var message: String {
        if let submission = state.submitting { return "\(spinner) Submitting \(submission.selection)…" }
        if let error = state.submitError { return "Could not submit: \(error.message). Press Enter to try again." }
        return state.hint ?? ""
    }

    private var messageStyle: Style { state.submitting == nil ? base.bolded() : base }
}
