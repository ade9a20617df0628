/// Turns what the screens say (`Spoken`) into the transcript's new lines, once: the place on
/// arrival (a new screen, or a place that changed), then every topic whose sentence changed, then
/// the focus when it moved. Nothing is said twice in a row, and a sentence that stays the same
/// is never said again, so the transcript reads as an account (Docs/screen-reader.md). Pure
/// apart from what it remembers.
package struct TranscriptWriter {
    private var screen: Int?
    private var place: String?
    private var topics: [String: String] = [:]
    private var focus: String?
    private var focusID: String?
    private var lastLine: String?

    package init() {}

    /// The lines to write now that `screen` (a number that changes when another screen comes on
    /// top) says `spoken`.
    package mutating func lines(for spoken: Spoken, screen: Int) -> [String] {
        var lines: [String] = []
        let isNewScreen = screen != self.screen
        let arrived = isNewScreen || spoken.place != place
        if arrived {
            // Back on a screen, or on another: what it says now is said afresh.
            if isNewScreen { topics = [:] }
            self.screen = screen
            place = spoken.place
            focus = spoken.focus
            focusID = spoken.focusID
            // A place of several lines (help) is written line by line, blank ones left out.
            lines += spoken.place.split(separator: "\n").map(String.init)
        }
        for topic in spoken.topics where topics[topic.name] != topic.sentence {
            topics[topic.name] = topic.sentence
            if !topic.sentence.isEmpty { lines.append(topic.sentence) }
        }
        let moved = spoken.focusID.map { $0 != focusID } ?? (spoken.focus != focus)
        if !arrived, moved {
            if let focus = spoken.focus { lines.append(focus) }
        }
        focus = spoken.focus
        focusID = spoken.focusID
        // Never the same line twice in a row (a place that says what a topic just said).
        var written: [String] = []
        for line in lines where line != lastLine {
            written.append(line)
            lastLine = line
        }
        return written
    }
}
