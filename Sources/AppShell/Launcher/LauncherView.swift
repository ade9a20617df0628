import TUI

/// How the launcher draws: a frame, the challenges with where each stands, why nothing will be
/// kept (once the store was read and could not be opened), the backend's line, and the forget
/// question over it all.
extension LauncherFeature {
    /// Why nothing this run does will be kept, once the store has been read (a replay's
    /// environment has the recorded problem).
    var keptNothing: String? {
        guard state.hasReadStore else { return nil }
        // The store's problem is known for good once it was opened: asked once, not at every
        // frame (reading it copies the opened store's value).
        return chromeDrawing.keptNothing { environment.storeProblem.map { "Nothing will be kept: \($0.summary)" } }
    }

    /// Where the challenges are listed in the screen's `rect`: inside the frame, under the
    /// subtitle, above the backend's line.
    package static func listArea(in rect: Rect) -> Rect {
        let area = Frame.contentRect(of: rect).inset(horizontal: 2, vertical: 1)
        let y = area.y + 2
        return Rect(x: area.x, y: y, width: area.width, height: max(0, area.maxY - y - 2))
    }

    /// Three rows a challenge (title, summary, a blank), or two when that would leave some out
    /// (a short terminal, or the inspector below): every challenge stays in sight as long as
    /// two rows each fit. A summary too long for its row wraps onto a second when every
    /// challenge then still fits with its blank row (four rows each); otherwise it is cut.
    package func rowHeight(in listArea: Rect) -> Int {
        let summaryWidth = max(1, listArea.width - Self.summaryIndent)
        let wraps = state.summaryWidths.contains { $0 > summaryWidth }
        // The last challenge's blank row may fall on the row below the list (drawn over after).
        if wraps, listArea.height + 1 >= challenges.count * 4 { return 4 }
        return listArea.height >= challenges.count * 3 ? 3 : 2
    }

    /// The rows the list is drawn in: with four rows a challenge, one more for the last one's
    /// blank row.
    package func rowsRect(_ listArea: Rect) -> Rect {
        guard rowHeight(in: listArea) == 4 else { return listArea }
        return Rect(x: listArea.x, y: listArea.y, width: listArea.width, height: listArea.height + 1)
    }

    /// Where a summary starts in its row: under the title, past the marker and the number.
    static let summaryIndent = 5

    package func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        // What surrounds the list is the same at every move: copied from its last drawing.
        chromeDrawing.cache.draw(LauncherChrome(backend: environment.backendDescription, keptNothing: keptNothing), in: rect, on: &canvas)
        let listArea = Self.listArea(in: rect)
        let challenges = challenges
        let standings = state.standings
        canvas.addHitRegion(listArea, KeyTarget.scroll())
        let drawings = rowDrawings
        ScrollList(rowHeight: rowHeight(in: listArea), showsScrollbar: false) { row, canvas in
            // Field by field: the challenge copied whole (its closures retained) at each row of
            // each frame was a tenth of the list's drawing.
            let drawn = LauncherRow(
                index: row.index, title: challenges[row.index].title, summary: challenges[row.index].summary,
                standing: standings[challenges[row.index].id], isSelected: row.isSelected)
            drawings.draw(drawn, in: row.rect, on: &canvas)
        }.draw(in: rowsRect(listArea), on: &canvas, state: state.list)
        state.forgetQuestion?.draw(over: rect, on: &canvas)
        return nil
    }
}

/// The launcher around its list: the frame, the subtitle, why nothing will be kept and the
/// backend's line. A widget of its own so that a key press copies it (`WidgetCache`); the list is
/// drawn over its blank middle.
struct LauncherChrome: Widget, Equatable {
    var backend: String
    var keptNothing: String?

    func draw(in rect: Rect, on canvas: inout Canvas) {
        let inner = Frame(title: "challenge-tui", titleStyle: .bold).draw(in: rect, on: &canvas)
        let area = inner.inset(horizontal: 2, vertical: 1)
        TextBlock("Mobile coding challenges, as terminal apps.", style: .dim)
            .draw(in: Rect(x: area.x, y: area.y, width: area.width, height: 1), on: &canvas)
        if let keptNothing {
            TextBlock(keptNothing, style: Style(foreground: .red, bold: true), maxLines: 1, wraps: false)
                .draw(in: Rect(x: area.x, y: area.maxY - 2, width: area.width, height: 1), on: &canvas)
        }
        // String + String: `+ backend.dropFirst()` is the generic append of a sequence, which
        // looks its element type up by name in the runtime at the first frame
        // (Docs/performance.md, "The first frame").
        TextBlock(backend.prefix(1).uppercased() + String(backend.dropFirst()), style: .dim, maxLines: 1, wraps: false)
            .draw(in: Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1), on: &canvas)
    }
}

/// The chrome's last drawings, shared by the copies of the launcher's value, and why nothing will
/// be kept, once known.
final class LauncherChromeDrawing {
    var cache = WidgetCache<LauncherChrome>()
    private var knownKeptNothing: String??

    func keptNothing(_ find: () -> String?) -> String? {
        if let known = knownKeptNothing { return known }
        let found = find()
        knownKeptNothing = .some(found)
        return found
    }
}

/// One challenge in the launcher's list: its number and title (reversed when selected), where
/// it stands at the right, and its summary under them. A widget of its own so that the rows a
/// key press leaves alone are copied from their last drawing (`LauncherRowDrawings`).
struct LauncherRow: Widget, Equatable {
    var index: Int
    var title: String
    var summary: String
    var standing: String?
    var isSelected: Bool

    func draw(in rect: Rect, on canvas: inout Canvas) {
        // The title and the summary, not the blank row under them.
        let clickable = min(rect.height, max(2, rect.height - 1))
        canvas.addHitRegion(Rect(x: rect.x, y: rect.y, width: rect.width, height: clickable), LauncherFeature.Target(index: index))
        let titleStyle = isSelected ? Style(bold: true, reverse: true) : .bold
        let marker = isSelected ? "▸ " : "  "
        let titleEnd = canvas.put("\(marker)\(index + 1)  \(title) ", at: rect.origin, style: titleStyle, clipTo: rect)
        // Where it stands, at the right of its title, dim whether selected or not.
        if let standing {
            let room = rect.maxX - titleEnd - 2
            let text = TextLayout.truncate(standing, width: room)
            if room > 0 {
                canvas.put(text, at: Point(x: rect.maxX - DisplayWidth.of(text), y: rect.y), style: .dim, clipTo: rect)
            }
        }
        // Always dim: the reversed title shows the selection, and a summary that changed style
        // with it would make every ↓ rewrite two whole lines (fewer bytes than dialog: see
        // Docs/performance.md).
        let summaryLines = max(1, rect.height - 2)
        TextBlock(summary, style: .dim, maxLines: summaryLines, wraps: summaryLines > 1)
            .draw(
                in: Rect(
                    x: rect.x + LauncherFeature.summaryIndent, y: rect.y + 1, width: max(0, rect.width - LauncherFeature.summaryIndent),
                    height: summaryLines),
                on: &canvas)
    }
}

/// Each launcher row's last drawing (`WidgetCache`), shared by the copies of the launcher's
/// value: a row is the same drawing for the same `LauncherRow` and size, whichever copy asks.
final class LauncherRowDrawings {
    private var caches: [WidgetCache<LauncherRow>] = []

    func draw(_ row: LauncherRow, in rect: Rect, on canvas: inout Canvas) {
        while caches.count <= row.index { caches.append(WidgetCache()) }
        caches[row.index].draw(row, in: rect, on: &canvas)
    }
}
