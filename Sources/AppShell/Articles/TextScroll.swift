import TUI

/// The scroll position of a block of text taller than its window (the detail page's
/// description). Drawing records the window's height and the text's length, so page moves match
/// what is on screen, like `ListState` does for lists.
struct TextScroll: Hashable {
    /// Index of the first line shown.
    private(set) var offset = 0
    /// Lines that fit in the window (at least 1).
    private(set) var visibleLines = 1
    /// Lines of text in all.
    private(set) var totalLines = 0

    var maxOffset: Int { max(0, totalLines - visibleLines) }
    var canScrollUp: Bool { offset > 0 }
    var canScrollDown: Bool { offset < maxOffset }

    /// The lines on screen.
    var visibleRange: Range<Int> { offset..<min(totalLines, offset + visibleLines) }

    mutating func layout(visibleLines: Int, totalLines: Int) {
        self.visibleLines = max(1, visibleLines)
        self.totalLines = max(0, totalLines)
        offset = min(max(0, offset), maxOffset)
    }

    mutating func move(_ move: ListState.Move) {
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

    mutating func reset() { offset = 0 }
}
