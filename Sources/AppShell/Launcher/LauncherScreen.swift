import Core
import TUI

/// The first screen: the challenges, the backend in use, and what the keys do. A click on a
/// challenge opens it; the wheel moves the selection.
final class LauncherScreen: Screen {
    /// Its hit-map target: the challenge at this index.
    struct Target: Hashable, Sendable { var index: Int }

    private let challenges: [Challenge]
    private var list: ListState
    private let open: (Challenge) -> Void
    private var backend = ""

    init(challenges: [Challenge], open: @escaping (Challenge) -> Void) {
        self.challenges = challenges
        self.list = ListState(count: challenges.count)
        self.open = open
    }

    var selected: Challenge { challenges[list.selection] }

    /// The launcher's keys, declared once (the shell appends `? help · q quit`); a digit opens
    /// the challenge of that number, for as many as there are.
    static func keyMap(challengeCount: Int) -> KeyMap<Void> {
        KeyMap("Launcher", [
            KeyBinding([.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "move", help: "move the selection"),
            KeyBinding([.home, .end, .pageUp, .pageDown], bar: nil, label: "first / last", help: "the first or the last challenge"),
            KeyBinding([.enter, .right], bar: "Enter", label: "open", help: "open the selected challenge"),
            KeyBinding(
                (1...min(9, max(1, challengeCount))).map { Key.char(Character(String($0))) }, bar: nil, label: "open that one",
                help: "open the challenge of that number"),
            KeyBinding(
                [.char("x")], bar: "x", label: "forget flow progress", help: "forget the navigation flow's progress",
                importance: .secondary),
            KeyBinding([], names: "click", bar: nil, label: "open", help: "on a challenge: open it"),
            KeyBinding([], names: "wheel", bar: nil, label: "move", help: "move the selection"),
        ])
    }

    var keyBarItems: [KeyBar.Item] { keyMap.barItems }
    var keyGuide: KeyGuide { keyMap.guide }
    private var keyMap: KeyMap<Void> { Self.keyMap(challengeCount: challenges.count) }

    func appear(_ context: ScreenContext) {
        backend = context.environment.backendDescription
    }

    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult {
        if list.handle(key) { return .handled }
        switch key {
        case .enter, .right:
            open(selected)
        case .char(let c) where c.wholeNumberValue.map({ (1...challenges.count).contains($0) }) == true:
            list.select((c.wholeNumberValue ?? 1) - 1)
            open(selected)
        case .char("x"):
            forgetProgress(context)
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

    /// Forgets what the challenges keep between runs (the navigation flow's screen and choices).
    private func forgetProgress(_ context: ScreenContext) {
        do {
            var messages: [String] = []
            for challenge in challenges {
                if let forget = challenge.forgetProgress { messages.append(try forget(context.environment)) }
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

    private static let rowHeight = 3

    func layout(_ rect: Rect, _ context: ScreenContext) {
        list.visibleRows = ScrollList(rowHeight: Self.rowHeight) { _, _ in }.visibleRows(height: Self.listArea(in: rect).height)
    }

    func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        let inner = Frame(title: "challenge-tui", titleStyle: .bold).draw(in: rect, on: &canvas)
        let area = inner.inset(horizontal: 2, vertical: 1)
        TextBlock("Three mobile coding challenges, as terminal apps.", style: .dim)
            .draw(in: Rect(x: area.x, y: area.y, width: area.width, height: 1), on: &canvas)
        let listArea = Self.listArea(in: rect)
        let challenges = challenges
        canvas.addHitRegion(listArea, KeyTarget.scroll())
        ScrollList(rowHeight: Self.rowHeight, showsScrollbar: false) { row, canvas in
            let challenge = challenges[row.index]
            // The title and the summary, not the blank row under them.
            canvas.addHitRegion(row.rect.inset(bottom: 1), Target(index: row.index))
            let titleStyle = row.isSelected ? Style(bold: true, reverse: true) : .bold
            let marker = row.isSelected ? "▸ " : "  "
            let title = "\(marker)\(row.index + 1)  \(challenge.title) "
            canvas.put(title, at: row.rect.origin, style: titleStyle, clipTo: row.rect)
            // Always dim: the reversed title shows the selection, and a summary that changed style
            // with it would make every ↓ rewrite two whole lines (fewer bytes than dialog: see
            // Docs/performance.md).
            TextBlock(challenge.summary, style: .dim, maxLines: 1, wraps: false)
                .draw(in: row.rect.inset(top: 1, left: 5, bottom: 1, right: 0), on: &canvas)
        }.draw(in: listArea, on: &canvas, state: list)
        TextBlock("Backend: \(backend)", style: .dim, maxLines: 1, wraps: false)
            .draw(in: Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1), on: &canvas)
        return nil
    }
}
