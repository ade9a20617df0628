import Navigation
import TUI

/// The first screen: the three challenges, the backend in use, and what the keys do.
final class LauncherScreen: Screen {
    private var list = ListState(count: ChallengeID.allCases.count)
    private let open: (ChallengeID) -> Void
    private var backend = ""

    init(open: @escaping (ChallengeID) -> Void) {
        self.open = open
    }

    var selected: ChallengeID { ChallengeID.allCases[list.selection] }

    var keyBarItems: [KeyBar.Item] {
        [KeyBar.Item("↑↓", "move"), KeyBar.Item("Enter", "open"), KeyBar.Item("x", "forget flow progress")]
    }

    func appear(_ context: ScreenContext) {
        backend = context.environment.backendDescription
    }

    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult {
        if list.handle(key) { return .handled }
        switch key {
        case .enter, .right:
            open(selected)
        case .char(let c) where ("1"..."3").contains(c):
            list.select(Int(String(c))! - 1)
            open(selected)
        case .char("x"):
            do {
                try NavigationProgressStore(store: context.environment.store).reset()
                context.toast("The navigation flow will start afresh on screen A", kind: .success)
            } catch {
                context.toast(error.message, kind: .error)
            }
        default:
            return .ignored
        }
        return .handled
    }

    func render(in rect: Rect, on canvas: inout Canvas, at now: ContinuousClock.Instant) -> Point? {
        let inner = Frame(title: "challenge-tui", titleStyle: .bold).draw(in: rect, on: &canvas)
        let area = inner.inset(horizontal: 2, vertical: 1)
        var y = area.y
        TextBlock("Three mobile coding challenges, as terminal apps.", style: .dim)
            .draw(in: Rect(x: area.x, y: y, width: area.width, height: 1), on: &canvas)
        y += 2
        let listArea = Rect(x: area.x, y: y, width: area.width, height: max(0, area.maxY - y - 2))
        ScrollList(rowHeight: 3, showsScrollbar: false).draw(&list, in: listArea, on: &canvas) { row, canvas in
            let challenge = ChallengeID.allCases[row.index]
            let titleStyle = row.isSelected ? Style(bold: true, reverse: true) : .bold
            let marker = row.isSelected ? "▸ " : "  "
            let title = "\(marker)\(row.index + 1)  \(challenge.title) "
            canvas.put(title, at: row.rect.origin, style: titleStyle, clipTo: row.rect)
            // Always dim: the reversed title shows the selection, and a summary that changed style
            // with it would make every ↓ rewrite two whole lines (issue 9: fewer bytes than dialog).
            TextBlock(challenge.summary, style: .dim, maxLines: 1, wraps: false)
                .draw(in: row.rect.inset(top: 1, left: 5, bottom: 1, right: 0), on: &canvas)
        }
        TextBlock("Backend: \(backend)", style: .dim, maxLines: 1, wraps: false)
            .draw(in: Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1), on: &canvas)
        return nil
    }
}
