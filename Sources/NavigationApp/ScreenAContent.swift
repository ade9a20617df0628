import AppShell
import Core
import Navigation
import TUI

/// Screen A: a spinner while rFetchExperiments runs; its error and how to retry when it failed.
/// A moves on by itself, so there is nothing to press otherwise.
package struct ScreenAContent: Widget {
    package var state: NavigationState
    package var spinner: String
    package var base: Style

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        var lines: [(String, Style)] = []
        if state.isFetchingExperiments {
            lines = [("\(spinner) Fetching experiments…", base)]
        } else if let error = state.fetchError {
            lines = [
                ("Could not fetch the experiments", base.bolded()),
                (error.message, base),
                ("", base),
                (Wording.retryHint, base.bolded()),
            ]
        }
        let top = rect.y + max(0, (rect.height - lines.count) / 2 - 1)
        for (index, (text, style)) in lines.enumerated() {
            let row = Rect(x: rect.x, y: top + index, width: rect.width, height: 1).intersection(rect)
            TextBlock(text, style: style, alignment: .center, maxLines: 1, wraps: false).draw(in: row, on: &canvas)
        }
    }
}
