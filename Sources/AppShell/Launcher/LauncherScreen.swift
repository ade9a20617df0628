import Core
import TUI

/// The first screen: the challenges, where each stands (`Challenge.standing`, read from the
/// store once the first frame is on screen and again whenever a challenge is left), the
/// backend in use, and what the keys do. A click on a challenge opens it; the wheel moves the
/// selection.
final class LauncherScreen: Screen {
    /// Its hit-map target: the challenge at this index.
    struct Target: Hashable, Sendable { var index: Int }

    private let challenges: [Challenge]
    private var list: ListState
    private let open: (Challenge) -> Void
    /// The backend's line, read at each frame: the fault panel may change the scenario.
    private var backendLine: () -> String = { "" }
    /// What each challenge's `standing` said last, by id.
    private(set) var standings: [ChallengeID: String] = [:]
    /// Why nothing this run does will be kept (the store could not be opened), for as long as the
    /// launcher shows: the shell's notice goes after a few seconds. Read with the standings, once
    /// the store is open (Docs/security.md, "Two copies on one data folder").
    private(set) var keptNothing: String?

    init(challenges: [Challenge], open: @escaping (Challenge) -> Void) {
        self.challenges = challenges
        self.list = ListState(count: challenges.count)
        self.open = open
    }

    var selected: Challenge { challenges[list.selection] }

    /// Puts the cursor on `id` (the challenge opened directly, so that leaving it comes back to it).
    func select(_ id: ChallengeID) {
        if let index = challenges.firstIndex(where: { $0.id == id }) { list.select(index) }
    }

    /// The launcher's keys, declared once (the shell appends `? help · q quit`); a digit opens
    /// the challenge of that number, for as many as there are; `x` is there when a challenge
    /// keeps something between runs.
    static func keyMap(challenges: [Challenge]) -> KeyMap<Void> {
        let challengeCount = challenges.count
        let kept = challenges.compactMap(\.progress?.what)
        return KeyMap("Launcher", [
            KeyBinding([.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "move", help: "move the selection"),
            KeyBinding([.home, .end, .pageUp, .pageDown], bar: nil, label: "first / last", help: "the first or the last challenge"),
            KeyBinding([.enter, .right], bar: "Enter", label: "open", help: "open the selected challenge"),
            KeyBinding(
                (1...min(9, max(1, challengeCount))).map { Key.char(Character(String($0))) }, bar: nil, label: "open that one",
                help: "open the challenge of that number"),
        ] + (kept.isEmpty ? [] : [
            KeyBinding(
                [.char("x")], bar: "x", label: "forget progress", help: "forget \(kept.joined(separator: " and "))",
                importance: .secondary),
        ]) + [
            KeyBinding([], names: "click", bar: nil, label: "open", help: "on a challenge: open it"),
            KeyBinding([], names: "wheel", bar: nil, label: "move", help: "move the selection"),
        ])
    }

    var keyBarItems: [KeyBar.Item] { keyMap.barItems }
    var keyGuide: KeyGuide { keyMap.guide }
    private var keyMap: KeyMap<Void> { Self.keyMap(challenges: challenges) }

    func appear(_ context: ScreenContext) {
        let environment = context.environment
        backendLine = { environment.backendDescription }
    }

    /// Not before the first frame: reading the store waits for its key (Docs/performance.md).
    func handle(_ message: ShellMessage, _ context: ScreenContext) {
        if case .firstFrameShown = message { readStandings(context) }
    }

    /// A challenge was left: what it changed shows.
    func uncovered(_ context: ScreenContext) {
        readStandings(context)
    }

    /// Asks each challenge where it stands. A record the store could not open has been set
    /// aside by the store; the line says so, and the challenge starts without it. What was read
    /// is part of a recording, and a replay shows the recorded lines (Docs/recording.md).
    private func readStandings(_ context: ScreenContext) {
        let environment = context.environment
        let challenges = challenges
        let read = { () -> [ChallengeID: String] in
            let standingContext = StandingContext(store: environment.store, now: environment.time.wallNow, timeZone: environment.timeZone)
            var standings: [ChallengeID: String] = [:]
            for challenge in challenges {
                guard let standing = challenge.standing else { continue }
                do {
                    standings[challenge.id] = try standing(standingContext)
                } catch {
                    standings[challenge.id] = "stored data unreadable, set aside"
                }
            }
            return standings
        }
        standings = context.session?.standings(read) ?? read()
        // Reading the standings opened the store; a replay's environment has the recorded problem.
        keptNothing = environment.storeProblem.map { "Nothing will be kept: \($0.summary)" }
    }

    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult {
        if list.handle(key) { return .handled }
        switch key {
        case .enter, .right:
            open(selected)
        case .char(let c) where c.wholeNumberValue.map({ (1...challenges.count).contains($0) }) == true:
            list.select((c.wholeNumberValue ?? 1) - 1)
            open(selected)
        case .char("x") where challenges.contains(where: { $0.progress != nil }):
            forgetProgress(context)
            readStandings(context)
        default:
            return .ignored
        }
        return .handled
    }

    func handle(_ mouse: MouseEvent, on target: any Hashable & Sendable, _ context: ScreenContext) -> KeyResult {
        guard case .press(.left) = mouse.action, let target = target as? Target, challenges.indices.contains(target.index) else {
            return .ignored
        }
        list.select(target.index)
        open(selected)
        return .handled
    }

    /// Forgets what the challenges keep between runs (`Challenge.progress`).
    private func forgetProgress(_ context: ScreenContext) {
        do {
            var messages: [String] = []
            for challenge in challenges {
                if let progress = challenge.progress { messages.append(try progress.forget(context.environment)) }
            }
            context.toast(messages.joined(separator: "; "), kind: .success)
        } catch {
            context.toast(error.message, kind: .error)
        }
    }

    /// Where the challenges are listed in the screen's `rect`: inside the frame, under the
    /// subtitle, above the backend's line.
    private static func listArea(in rect: Rect) -> Rect {
        let area = Frame.contentRect(of: rect).inset(horizontal: 2, vertical: 1)
        let y = area.y + 2
        return Rect(x: area.x, y: y, width: area.width, height: max(0, area.maxY - y - 2))
    }

    /// Three rows a challenge (title, summary, a blank), or two when that would leave some out
    /// (a short terminal, or the inspector below): every challenge stays in sight as long as
    /// two rows each fit.
    private func rowHeight(in listArea: Rect) -> Int {
        listArea.height >= challenges.count * 3 ? 3 : 2
    }

    func layout(_ rect: Rect, _ context: ScreenContext) {
        let listArea = Self.listArea(in: rect)
        list.visibleRows = ScrollList(rowHeight: rowHeight(in: listArea)) { _, _ in }.visibleRows(height: listArea.height)
    }

    func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        let inner = Frame(title: "challenge-tui", titleStyle: .bold).draw(in: rect, on: &canvas)
        let area = inner.inset(horizontal: 2, vertical: 1)
        TextBlock("Mobile coding challenges, as terminal apps.", style: .dim)
            .draw(in: Rect(x: area.x, y: area.y, width: area.width, height: 1), on: &canvas)
        let listArea = Self.listArea(in: rect)
        let challenges = challenges
        let standings = standings
        canvas.addHitRegion(listArea, KeyTarget.scroll())
        ScrollList(rowHeight: rowHeight(in: listArea), showsScrollbar: false) { row, canvas in
            let challenge = challenges[row.index]
            // The title and the summary, not the blank row under them.
            canvas.addHitRegion(Rect(x: row.rect.x, y: row.rect.y, width: row.rect.width, height: 2), Target(index: row.index))
            let titleStyle = row.isSelected ? Style(bold: true, reverse: true) : .bold
            let marker = row.isSelected ? "▸ " : "  "
            let title = "\(marker)\(row.index + 1)  \(challenge.title) "
            let titleEnd = canvas.put(title, at: row.rect.origin, style: titleStyle, clipTo: row.rect)
            // Where it stands, at the right of its title, dim whether selected or not.
            if let standing = standings[challenge.id] {
                let room = row.rect.maxX - titleEnd - 2
                let text = TextLayout.truncate(standing, width: room)
                if room > 0 {
                    canvas.put(text, at: Point(x: row.rect.maxX - DisplayWidth.of(text), y: row.rect.y), style: .dim, clipTo: row.rect)
                }
            }
            // Always dim: the reversed title shows the selection, and a summary that changed style
            // with it would make every ↓ rewrite two whole lines (fewer bytes than dialog: see
            // Docs/performance.md).
            TextBlock(challenge.summary, style: .dim, maxLines: 1, wraps: false)
                .draw(in: Rect(x: row.rect.x + 5, y: row.rect.y + 1, width: max(0, row.rect.width - 5), height: 1), on: &canvas)
        }.draw(in: listArea, on: &canvas, state: list)
        if let keptNothing {
            TextBlock(keptNothing, style: Style(foreground: .red, bold: true), maxLines: 1, wraps: false)
                .draw(in: Rect(x: area.x, y: area.maxY - 2, width: area.width, height: 1), on: &canvas)
        }
        let backend = backendLine()
        TextBlock(backend.prefix(1).uppercased() + backend.dropFirst(), style: .dim, maxLines: 1, wraps: false)
            .draw(in: Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1), on: &canvas)
        return nil
    }
}
