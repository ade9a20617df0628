import TUI

/// What a screen says in the screen-reader mode (`--screen-reader`, Docs/screen-reader.md): the
/// same state the full screen draws, as sentences. The transcript (`TranscriptWriter`) says
/// `place` once on arrival, each topic's sentence whenever it changes, and the focus when it
/// moves, so nothing is said twice and nothing counts down.
public struct Spoken: Equatable, Sendable {
    /// Where you are and what you can do ("Screen B2 of the navigation flow. Choose one of 5
    /// options: …"), said on arrival and again only when it changes.
    package var place: String
    /// What can change while you are there, by topic (a sign-in's state, a sync's), each said
    /// when its sentence changes; an empty sentence says nothing.
    package var topics: [Topic]
    /// Where the focus is ("Option 3 of 5"), said when it moves (not on arrival: the place says it).
    package var focus: String?
    /// What the focus is on, when its sentence may change without it moving (a field's value as
    /// it is typed): the focus is said only when this changes. Nil: when the sentence changes.
    package var focusID: String?
    /// A numbered list the user may choose from by typing its number and Enter.
    package var choices: Choices?

    package init(place: String, topics: [Topic] = [], focus: String? = nil, focusID: String? = nil, choices: Choices? = nil) {
        self.place = place
        self.topics = topics
        self.focus = focus
        self.focusID = focusID
        self.choices = choices
    }

    /// One topic's sentence now.
    public struct Topic: Equatable, Sendable {
        package var name: String
        package var sentence: String
        /// Said once for the whole run (a request that ended), not again on coming back to a
        /// screen.
        package var isOnce: Bool

        package init(_ name: String, _ sentence: String, once: Bool = false) {
            self.name = name
            self.sentence = sentence
            self.isOnce = once
        }
    }

    /// A numbered list: how many entries, and the keys that choose entry `n` (from 1) in the
    /// full-screen mode's terms (moves, then Enter), so a number typed goes through the same
    /// reducers as the keys.
    public struct Choices: Equatable, Sendable {
        package var count: Int
        /// The entry selected now (from 1).
        package var selected: Int
        /// The key that confirms the selected entry (Enter; Space on a list of checkboxes; nil:
        /// choosing only moves there).
        package var confirm: Key?

        package init(count: Int, selected: Int, confirm: Key? = .enter) {
            self.count = count
            self.selected = selected
            self.confirm = confirm
        }

        /// The keys that move from the selected entry to `number` and confirm it; nil when there
        /// is no such entry.
        package func keys(choosing number: Int) -> [Key]? {
            guard (1...max(1, count)).contains(number), count > 0 else { return nil }
            let steps = number - selected
            return Array(repeating: steps < 0 ? Key.up : Key.down, count: abs(steps)) + (confirm.map { [$0] } ?? [])
        }
    }

    /// A numbered list in words: "1 Option 1, 2 Option 2, 3 Option 3".
    package static func numbered(_ entries: [String]) -> String {
        entries.enumerated().map { "\($0.offset + 1) \($0.element)" }.joined(separator: ", ")
    }

    /// "1 option", "5 options".
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

extension Spoken {
    /// Key names as words: the arrows and the separators the key bar draws read as "Up",
    /// "Down", "to" (a screen reader would read "↑" as a symbol, or not at all).
    package static func keyNames(_ text: String) -> String {
        var words = text
        let names = [
            ("↑↓", "Up and Down"), ("←→", "Left and Right"), ("↑", "Up"), ("↓", "Down"), ("←", "Left"), ("→", "Right"),
            ("–", " to "), (" · ", ", "), ("·", ","),
        ]
        for (symbol, word) in names {
            words = words.replacing(symbol, with: word)
        }
        return words
    }

    /// `text` ending in a full stop (unless it ends in one, or in !, ? or …).
    package static func sentence(_ text: String) -> String {
        guard let last = text.last else { return text }
        return ".!?…".contains(last) ? text : text + "."
    }

    /// "1.4 s", "2 s", "0.3 s".
    package static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let rounded = (seconds * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}

extension Spoken {
    /// "4 seconds", "1 second", "1.5 seconds"; under a second, "250 milliseconds".
    package static func duration(_ duration: Duration) -> String {
        if duration < .seconds(1) { return "\(duration.inMilliseconds) milliseconds" }
        let text = seconds(duration).dropLast(2)
        return text + (text == "1" ? " second" : " seconds")
    }
}
