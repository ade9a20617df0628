/// Turns what the screens say (`Spoken`) into the transcript's new lines, once: the place on
/// arrival (a new screen, or a place that changed), then every topic whose sentence changed, then
/// the focus when it moved. Nothing is said twice in a row, and a sentence that stays the same
/// is never said again, so the transcript reads as an account (Docs/screen-reader.md). Pure
/// apart from what it remembers.
package struct TranscriptWriter {
    private var screen: Int?
    private var view: Int?
    private var place: String?
    // Lists searched in turn, not a dictionary and a set: a screen has a few topics with short
    // names, and hashing them at every key press ran the standard library's hasher on pages of
    // code nothing else touched (Docs/performance.md, "The seventh round").
    private var topics: [(name: String, sentence: String)] = []
    /// The topics said once for the run, by name.
    private var saidOnce: [String] = []
    private var focus: String?
    private var focusID: String?
    private var lastLine: String?

    package init() {}

    /// The lines to write now that `screen` (a number that changes when another screen comes on
    /// top) says `spoken` in `view` (what is over it: an overlay, or nothing).
    package mutating func lines(for spoken: Spoken, screen: Int, view: Int = 0) -> [String] {
        var lines: [String] = []
        let isNewScreen = screen != self.screen
        let isNewView = isNewScreen || view != self.view
        let arrived = isNewView || spoken.place != place
        // Back on a screen, or on another: what it says now is said afresh.
        if isNewScreen { topics.removeAll() }
        var changed: [String] = []
        for topic in spoken.topics where topic.isOnce && !topic.sentence.isEmpty && !saidOnce.contains(topic.name) {
            saidOnce.append(topic.name)
            changed.append(topic.sentence)
        }
        for topic in spoken.topics where !topic.isOnce {
            if let index = topics.firstIndex(where: { $0.name == topic.name }) {
                guard topics[index].sentence != topic.sentence else { continue }
                topics[index].sentence = topic.sentence
            } else {
                topics.append((topic.name, topic.sentence))
            }
            if !topic.sentence.isEmpty { changed.append(topic.sentence) }
        }
        // A place of several lines (help) is written line by line, blank ones left out.
        let placeLines = arrived ? spoken.place.split(separator: "\n").map(String.init) : []
        // Where you are comes first, then what changed there: a screen reader's user hears the
        // place before what happens in it.
        lines = placeLines + changed
        if arrived {
            self.screen = screen
            self.view = view
            place = spoken.place
            focus = spoken.focus
            focusID = spoken.focusID
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
