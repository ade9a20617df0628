import AppShell
import Core
import TUI

/// The scroll position of a block of text taller than its window (the detail page's
/// description). Drawing records the window's height and the text's length, so page moves match
/// what is on screen, like `ListState` does for lists.
package struct TextScroll: Hashable {
    /// Index of the first line shown.
    package private(set) var offset = 0
    /// Lines that fit in the window (at least 1).
    package private(set) var visibleLines = 1
    /// Lines of text in all.
    package private(set) var totalLines = 0

    package var maxOffset: Int { max(0, totalLines - visibleLines) }
    package var canScrollUp: Bool { offset > 0 }
    package var canScrollDown: Bool { offset < maxOffset }

    /// The lines on screen.
    package var visibleRange: Range<Int> { offset..<min(totalLines, offset + visibleLines) }

    package mutating func layout(visibleLines: Int, totalLines: Int) {
        self.visibleLines = max(1, visibleLines)
        self.totalLines = max(0, totalLines)
        offset = min(max(0, offset), maxOffset)
    }

    package mutating func move(_ move: ListState.Move) {
        let page = max(1, visibleLines - 1)
        switch move {
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= page
        case .pageDown: offset += page
        case .home: offset = 0
        case .end: offset = maxOffset
        }
        offset = min(max(0, offset), maxOffset)
    }

    package mutating func reset() { offset = 0 }
}
