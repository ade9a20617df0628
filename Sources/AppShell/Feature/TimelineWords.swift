import TUI

/// Words the timeline (`t`) rows share: a list move, a count with its noun (Docs/recording.md, "The timeline").
package enum TimelineWords {
    /// "1 picture", "6 rows".
    package static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    /// A selection's move: "up", "page down", "to the first".
    package static func move(_ move: ListState.Move) -> String {
        switch move {
        case .up: "up"
        case .down: "down"
        case .pageUp: "a page up"
        case .pageDown: "a page down"
        case .home: "to the first"
        case .end: "to the last"
        }
    }
}
