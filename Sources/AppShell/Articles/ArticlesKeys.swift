import Articles
import TUI

/// What a key does on the articles screen.
enum ArticlesKeyAction: Hashable {
    /// A domain event (open, close, retry, dismiss the notice).
    case event(ArticlesEvent)
    /// Moves the list's selection.
    case select(ListState.Move)
    /// Scrolls the detail page's description.
    case scroll(ListState.Move)
}

/// Every key of the articles screen, mapped in one place. `q` and `?` are the shell's: they are
/// never claimed here.
enum ArticlesKeys {
    /// Where the user is when the key arrives.
    enum Mode: Hashable {
        /// The list; `selectedArticleID` is nil when it is empty.
        case list(selectedArticleID: Int?, hasNotice: Bool)
        /// An article's detail page.
        case detail
    }

    /// The action for `key`, or nil when the screen has no use for it.
    static func action(for key: Key, in mode: Mode) -> ArticlesKeyAction? {
        if key == .char("r") { return .event(.retry) }
        switch mode {
        case .detail:
            switch key {
            case .escape, .left, .backspace: return .event(.close)
            default: return move(for: key).map(ArticlesKeyAction.scroll)
            }
        case .list(let selected, let hasNotice):
            switch key {
            case .enter, .right: return selected.map { .event(.open(articleID: $0)) }
            case .char("x") where hasNotice: return .event(.dismissNotice)
            default: return move(for: key).map(ArticlesKeyAction.select)
            }
        }
    }

    /// The movement keys shared by the list and the detail page: arrows and j/k, PgUp/PgDn,
    /// Home/End (the same set `ListState` reads).
    static func move(for key: Key) -> ListState.Move? {
        switch key {
        case .up, .char("k"): .up
        case .down, .char("j"): .down
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .home: .home
        case .end: .end
        default: nil
        }
    }

    /// The key bar's items for the mode (the shell appends `? help · q leave`).
    static func keyBarItems(in mode: Mode, isSyncing: Bool) -> [KeyBar.Item] {
        let retry = isSyncing ? [] : [KeyBar.Item("r", "sync again")]
        switch mode {
        case .detail:
            return [KeyBar.Item("Esc", "back"), KeyBar.Item("↑↓", "scroll")] + retry
        case .list(let selected, let hasNotice):
            var items = selected == nil ? [] : [KeyBar.Item("↑↓", "move"), KeyBar.Item("Enter", "open")]
            items += retry
            if hasNotice { items.append(KeyBar.Item("x", "dismiss notice")) }
            return items
        }
    }
}

/// What the articles views add to the hit map besides `KeyTarget`s (the back line, the wheel).
enum ArticlesTarget: Hashable, Sendable {
    /// The list row of the article at this index.
    case row(Int)
}
