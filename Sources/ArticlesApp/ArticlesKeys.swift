import AppShell
import Articles
import Core
import TUI

/// What a key does on the articles screen.
package enum ArticlesKeyAction: Hashable, Sendable {
    /// A domain event (open, close, retry, dismiss the notice).
    case event(ArticlesEvent)
    /// Moves the list's selection.
    case select(ListState.Move)
    /// Scrolls the detail page's description.
    case scroll(ListState.Move)
    /// Opens, edits, keeps or clears the list's filter (`/`).
    case filter(FilterAction)

    /// What a key does to the list's filter.
    package enum FilterAction: Hashable, Sendable {
        /// `/`: the filter's field takes the keys.
        case start
        /// Enter: the filter stays, the keys go back to the list.
        case keep
        /// Esc in the field: the filter goes, every article shows again.
        case clear
        /// Any other key, for the field (typed, or its editing keys).
        case edit(Key)
    }
}

/// Every key of the articles screen, declared in one place with what it does. `q` and `?` are the shell's: they are
/// never claimed here.
package enum ArticlesKeys {
    /// Where the user is when the key arrives.
    package enum Mode: Hashable {
        /// The list; `selectedArticleID` is nil when it is empty.
        case list(selectedArticleID: Int?, hasNotice: Bool)
        /// An article's detail page.
        case detail
        /// The list's filter, while its field has the keys.
        case filter
    }

    /// The action for `key`, or nil when the screen has no use for it: read from the
    /// declarations below (whether a sync runs changes what is listed, not what a key does).
    package static func action(for key: Key, in mode: Mode) -> ArticlesKeyAction? {
        keyMap.action(for: key, in: Context(mode: mode, isSyncing: false))
    }

    /// What the key declarations read: where the user is, whether a sync runs (`r` is listed
    /// only when none does), and whether the page's text is longer than its window.
    package struct Context: Hashable, Sendable {
        package var mode: Mode
        package var isSyncing: Bool
        package var canScroll = false
    }

    /// What the detail page's key declarations read.
    package struct DetailContext: Hashable, Sendable {
        package var isSyncing: Bool
        /// The description is longer than its window (`↑↓ scroll` is listed only then).
        package var canScroll: Bool
    }

    /// What the list's key declarations read.
    package struct ListContext: Hashable, Sendable {
        package var selectedArticleID: Int?
        package var hasNotice: Bool
        package var isSyncing: Bool
    }

    /// The list's keys (the shell appends `? help · q leave`).
    package static let listMap = KeyMap<ListContext, ArticlesKeyAction>("Article list", [
        KeyBinding(
            [.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "move", help: "move the selection",
            when: { $0.selectedArticleID != nil }, action: { key, _ in ListState.Move(key: key).map { .select($0) } }),
        KeyBinding(
            [.pageUp, .pageDown], bar: nil, label: "page", help: "a page up or down",
            action: { key, _ in ListState.Move(key: key).map { .select($0) } }),
        KeyBinding(
            [.home, .end, .char("g"), .char("G")], bar: nil, label: "first / last", help: "first or last article",
            action: { key, _ in key == .char("g") || key == .home ? .select(.home) : .select(.end) }),
        KeyBinding(
            [.enter, .right], bar: "Enter", label: "open", help: "open the article", when: { $0.selectedArticleID != nil },
            action: { _, context in context.selectedArticleID.map { .event(.open(articleID: $0)) } }),
        KeyBinding(
            [.char("/")], bar: "/", label: "find",
            help: "find: only the articles whose title, author or description holds what is typed", importance: .secondary,
            action: { _, _ in .filter(.start) }),
        KeyBinding(
            [.char("r")], bar: "r", label: "sync again", help: "sync again (listed while no sync runs)",
            when: { !$0.isSyncing }, action: { _, _ in .event(.retry) }),
        KeyBinding(
            [.char("x")], bar: "x", label: "dismiss notice",
            help: "dismiss the messages above the list (a failed sync's error, an unreadable stored list)",
            when: { $0.hasNotice }, action: { _, context in context.hasNotice ? .event(.dismissNotice) : nil }),
        KeyBinding([], names: "click", bar: nil, label: "open", help: "on a row: open the article"),
        KeyBinding([], names: "wheel", bar: nil, label: "move", help: "move the selection"),
    ])

    /// The filter's keys while its field has them (`?` is typed there; F1 is help).
    package static let filterMap = KeyMap<Void, ArticlesKeyAction>("Article list filter", [
        // Every key but these two is the field's: r is typed there, not a sync.
        KeyBinding(
            [], names: "typing", bar: nil, label: "find", help: "narrow the list as you type (any case)",
            takesEveryKey: true, action: { key, _ in .filter(.edit(key)) }),
        KeyBinding(
            [.enter], bar: "Enter", label: "keep", help: "keep the filter; the keys go back to the list",
            action: { _, _ in .filter(.keep) }),
        KeyBinding(
            [.escape], bar: "Esc", label: "clear", help: "clear the filter: every article again", action: { _, _ in .filter(.clear) }),
    ])

    /// The detail page's keys.
    package static let detailMap = KeyMap<DetailContext, ArticlesKeyAction>("Article page", [
        KeyBinding(
            [.escape, .left, .backspace], bar: "Esc", label: "back", help: "back to the list (the selection is kept)",
            action: { _, _ in .event(.close) }),
        KeyBinding(
            [.up, .down, .char("k"), .char("j")], bar: "↑↓", label: "scroll",
            help: "scroll the text a line (listed when it is longer than the page)", when: { $0.canScroll },
            action: { key, _ in ListState.Move(key: key).map { .scroll($0) } }),
        KeyBinding(
            [.pageUp, .pageDown], bar: nil, label: "page", help: "a page up or down",
            action: { key, _ in ListState.Move(key: key).map { .scroll($0) } }),
        KeyBinding(
            [.home, .end], bar: nil, label: "top / end", help: "top or end of the text",
            action: { key, _ in ListState.Move(key: key).map { .scroll($0) } }),
        KeyBinding(
            [.char("r")], bar: "r", label: "sync again", help: "sync the list again (listed while no sync runs)",
            when: { !$0.isSyncing }, action: { _, _ in .event(.retry) }),
        KeyBinding([], names: "click", bar: nil, label: "back", help: "on ‹ Back: back to the list"),
        KeyBinding([], names: "wheel", bar: nil, label: "scroll", help: "scroll the text, three lines a step"),
    ])

    /// The articles screen: the list's keys while it shows, the detail page's while that does.
    package static let keyMap: KeyMap<Context, ArticlesKeyAction> = listMap
        .pullback { (context: Context) in
            guard case .list(let selected, let hasNotice) = context.mode else { return nil }
            return ListContext(selectedArticleID: selected, hasNotice: hasNotice, isSyncing: context.isSyncing)
        }
        .combined(with: detailMap.pullback { (context: Context) in
            context.mode == .detail ? DetailContext(isSyncing: context.isSyncing, canScroll: context.canScroll) : nil
        })
        .combined(with: filterMap.pullback { (context: Context) in context.mode == .filter ? () : nil })
}

/// What the articles views add to the hit map besides `KeyTarget`s (the back line, the wheel).
package enum ArticlesTarget: Hashable, Sendable {
    /// The list row of the article at this index.
    case row(Int)
}
