import AppShell
import Core
import Navigation
import TUI

/// Draws the flow from its state: the screen's background, a header with the screen's name
/// (and C's back button), the screen's own content, and a status line with the live sign-in
/// state and the backend. Pure: the same state and time always give the same picture.
package struct NavigationFlowView: Widget {
    package var state: NavigationState
    /// Time since the flow's runtime started (its clock): spinners and countdowns.
    package var now: Duration
    /// When the current C appeared, on the same clock.
    package var cEnteredAt: Duration?
    package var backend: String

    package static let appName = "Navigation flow"

    /// Whether something on screen moves: a spinner (C's "on to D in N s" comes with one), or
    /// the status line's "next try in S s".
    package var isAnimating: Bool {
        if showsSpinner { return true }
        if case .failed = state.login { return true }
        return false
    }

    /// Exactly when a content view draws a spinner.
    package var showsSpinner: Bool {
        if state.isLoadingProgress { return true }
        switch state.screen {
        case .a: return state.isFetchingExperiments
        case .b1, .b2: return state.submitting != nil
        case .c1, .c2: return !state.login.hasGivenUp
        case .b3, .d: return false
        }
    }

    package var base: Style { state.isLoadingProgress ? NavigationPalette.neutral : NavigationPalette.base(for: state.screen) }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        guard rect.height >= 4 else { return }
        canvas.fill(rect, style: base)
        let (top, rest) = rect.divided(2, from: .top)
        let (status, middle) = rest.divided(1, from: .bottom)
        drawHeader(in: top, on: &canvas)
        NavigationStatusLine(state: state, now: now, backend: backend, style: base).draw(in: status, on: &canvas)
        // One blank row under the rule and over the status line, where there is room for them
        // (not when the network inspector shares a small terminal); two columns each side.
        let margin = middle.height >= ScreenBContent.roomyHeight ? 1 : 0
        let content = middle.inset(top: margin, left: 2, bottom: margin, right: 2)
        if state.isLoadingProgress {
            spinnerLine("Starting…", centredIn: content, on: &canvas)
            return
        }
        switch state.screen {
        case .a: ScreenAContent(state: state, spinner: spinnerFrame, base: base).draw(in: content, on: &canvas)
        case .b1, .b2, .b3: ScreenBContent(state: state, spinner: spinnerFrame, base: base).draw(in: content, on: &canvas)
        case .c1, .c2: ScreenCContent(state: state, spinner: spinnerFrame, waitLeft: cWaitLeft, base: base).draw(in: content, on: &canvas)
        case .d: Self.drawD(in: content, style: base, on: &canvas)
        }
    }

    /// What D says under its check mark: the flow is over, and how to run it again (the seed
    /// gives D nothing to do, so the words point to the launcher).
    package static let dLines = ["Signed in: the flow is complete.", "q leaves; x on the launcher starts it again on A."]

    private static func drawD(in content: Rect, style: Style, on canvas: inout Canvas) {
        let mark = CheckMark.size.height
        let total = mark + 1 + dLines.count
        let top = content.y + max(0, (content.height - total) / 2)
        CheckMark(style: style.bolded()).draw(in: Rect(x: content.x, y: top, width: content.width, height: mark).intersection(content), on: &canvas)
        for (index, line) in dLines.enumerated() {
            let row = Rect(x: content.x, y: top + mark + 1 + index, width: content.width, height: 1).intersection(content)
            TextBlock(line, style: index == 0 ? style.bolded() : style, alignment: .center, maxLines: 1, wraps: false)
                .draw(in: row, on: &canvas)
        }
    }

    /// Row 0: ` ‹ Back  Screen C1` on the left (the button only where back works), the app's name
    /// on the right; row 1: a rule.
    private func drawHeader(in rect: Rect, on canvas: inout Canvas) {
        let line = rect.row(0).inset(left: 1, right: 1)
        var x = line.x
        if state.canGoBack {
            let button = BackButton(style: base.bolded()).draw(in: rect.row(0).inset(right: 1), on: &canvas)
            x = button.maxX + 1
        }
        let title = state.isLoadingProgress ? Self.appName : state.screen.title
        x = canvas.put(title, at: Point(x: x, y: line.y), style: base.bolded(), clipTo: line)
        if !state.isLoadingProgress, x + 2 + DisplayWidth.of(Self.appName) <= line.maxX {
            TextBlock(Self.appName, style: base.dimmed(), alignment: .right, maxLines: 1, wraps: false)
                .draw(in: line, on: &canvas)
        }
        canvas.put(String(repeating: "─", count: rect.width), at: Point(x: rect.x, y: rect.y + 1), style: base.dimmed(), clipTo: rect)
    }

    private var spinnerFrame: String { Spinner().frame(at: now) }

    /// Whole seconds left of C's 3-second minimum (nil when unknown or over).
    private var cWaitLeft: Int? {
        guard state.screen.isC, !state.cMinimumElapsed, let cEnteredAt else { return nil }
        return max(1, (NavigationState.cMinimumDuration - (now - cEnteredAt)).secondsRoundedUp)
    }

    private func spinnerLine(_ label: String, centredIn rect: Rect, on canvas: inout Canvas) {
        let text = "\(spinnerFrame) \(label)"
        let row = rect.row(max(0, rect.height / 2 - 1))
        TextBlock(text, style: base, alignment: .center, maxLines: 1, wraps: false).draw(in: row, on: &canvas)
    }
}
