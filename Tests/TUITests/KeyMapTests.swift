import Testing
import TUI

/// The key declarations' own rules: how keys are written, what the bar shows in a state, how a
/// nested screen's map is pulled back and combined, what help sees (Docs/keys.md).
@Suite(.timeLimit(.minutes(10))) struct KeyMapTests {
    struct Page { var canScroll: Bool }
    enum Screen { case list, page(Page) }

    static let pageMap = KeyMap<Page, String>("Page", [
        KeyBinding([.escape, .left], bar: "Esc", label: "back", help: "back to the list", action: { _, _ in "back" }),
        KeyBinding(
            [.up, .down], bar: "↑↓", label: "scroll", help: "scroll the text", when: { $0.canScroll },
            action: { key, page in page.canScroll || key == .down ? "scroll \(key)" : nil }),
    ])
    static let listMap = KeyMap<Void, String>("List", [
        KeyBinding([.enter, .right], bar: "Enter", label: "open", help: "open the item", action: { _, _ in "open" }),
        KeyBinding(
            [.char("1"), .char("2"), .char("3")], bar: nil, label: "open that one", help: "open that item",
            action: { key, _ in "open \(key)" }),
    ])
    static let screenMap = listMap
        .pullback { (screen: Screen) -> Void? in if case .list = screen { () } else { nil } }
        .combined(with: pageMap.pullback { (screen: Screen) -> Page? in if case .page(let page) = screen { page } else { nil } })

    @Test func keysAreWrittenOneAfterAnotherAndDigitRunsAsARange() {
        #expect(KeyBinding<Void, Never>.names(of: [.up, .down, .char("k"), .char("j")]) == "↑ ↓ k j")
        #expect(KeyBinding<Void, Never>.names(of: [.char("1"), .char("2"), .char("3")]) == "1–3")
        #expect(KeyBinding<Void, Never>.names(of: [.char("1"), .char("2")]) == "1 2")
        #expect(KeyBinding<Void, Never>.names(of: [.escape, .char("1"), .char("2"), .char("3"), .char("5")]) == "Esc 1–3 5")
        #expect(KeyBinding<Void, Never>.names(of: [.function(1), .ctrl("c"), .char(" ")]) == "F1 Ctrl-C Space")
    }

    @Test func aKeyNoBindingNamesIsNoneOfTheMapsUnlessOneTakesEveryKey() {
        #expect(Self.listMap.action(for: .char("1"), in: ()) == "open 1")
        #expect(Self.listMap.action(for: .char("4"), in: ()) == nil)
        // A binding whose keys change afterwards is found by its new keys, not its old.
        var map = Self.listMap
        map.bindings[1].keys = [.char("4")]
        #expect(map.action(for: .char("4"), in: ()) == "open 4")
        #expect(map.action(for: .char("1"), in: ()) == nil)
        // One that takes every key is asked about any key, after those that name it.
        map.bindings.append(KeyBinding([], bar: nil, label: "type", help: "type it", takesEveryKey: true, action: { key, _ in "typed \(key)" }))
        #expect(map.action(for: .char("x"), in: ()) == "typed x")
        #expect(map.action(for: .enter, in: ()) == "open")
    }

    @Test func theBarShowsWhatWorksNowAndHelpWhatThePartHas() {
        let still = Screen.page(Page(canScroll: false)), scrolling = Screen.page(Page(canScroll: true))
        #expect(Self.screenMap.barItems(for: .list).map(\.key) == ["Enter"], "digits are in help only")
        #expect(Self.screenMap.barItems(for: scrolling).map(\.key) == ["Esc", "↑↓"])
        #expect(Self.screenMap.barItems(for: still).map(\.key) == ["Esc"], "nothing to scroll: not offered")
        #expect(Self.screenMap.guide(for: .list) == KeyGuide(title: "List", entries: [
            KeyGuide.Entry(keys: "Enter →", label: "open", help: "open the item"),
            KeyGuide.Entry(keys: "1–3", label: "open that one", help: "open that item"),
        ]))
        #expect(Self.screenMap.guide(for: still).title == "Page")
        #expect(Self.screenMap.guide(for: still).entries.map(\.keys) == ["Esc ←", "↑ ↓"], "help lists it, working now or not")
        #expect(Self.screenMap.guide.entries.count == 4, "the docs see every part")
    }

    @Test func aKeyBelongsToTheBindingThatWorksForItNow() {
        #expect(Self.screenMap.binding(for: .right, in: .list)?.label == "open")
        #expect(Self.screenMap.binding(for: .right, in: .page(Page(canScroll: true))) == nil, "the list's key, not the page's")
        #expect(Self.screenMap.binding(for: .up, in: .page(Page(canScroll: false))) == nil)
        #expect(Self.screenMap.binding(for: .up, in: .page(Page(canScroll: true)))?.label == "scroll")
    }

    @Test func aKeyMeansWhatItsBindingDeclaresWhereItsPartShows() {
        let scrolling = Screen.page(Page(canScroll: true)), still = Screen.page(Page(canScroll: false))
        #expect(Self.screenMap.action(for: .right, in: .list) == "open")
        #expect(Self.screenMap.action(for: .char("2"), in: .list) == "open 2")
        #expect(Self.screenMap.action(for: .right, in: scrolling) == nil, "the list's key, and the list is not showing")
        #expect(Self.screenMap.action(for: .escape, in: still) == "back")
        #expect(Self.screenMap.action(for: .char("x"), in: .list) == nil, "no binding has it")
    }

    @Test func whatTheBarListsIsNotWhatAKeyDoes() {
        // ↓ is off the bar where nothing scrolls, yet its action says it still does something.
        let still = Screen.page(Page(canScroll: false))
        #expect(Self.screenMap.barItems(for: still).map(\.key) == ["Esc"])
        #expect(Self.screenMap.action(for: .down, in: still) == "scroll ↓")
        #expect(Self.screenMap.action(for: .up, in: still) == nil, "its action says it does nothing there")
    }

    @Test func aBindingThatNamesTheKeyComesBeforeOneThatTakesEveryKey() {
        let field = KeyMap<Bool, String>("Field", [
            KeyBinding(
                [], names: "typing", bar: nil, label: "type", help: "type into the field", takesEveryKey: true,
                action: { key, _ in key == .char("#") ? nil : "type \(key)" }),
            KeyBinding([.escape], bar: "Esc", label: "leave", help: "leave the field", action: { _, _ in "leave" }),
            KeyBinding([.up], bar: nil, label: "up", help: "above, outside the field", action: { _, inField in inField ? nil : "up" }),
        ])
        #expect(field.action(for: .escape, in: true) == "leave", "typing is declared first, but takes every key")
        #expect(field.action(for: .char("w"), in: true) == "type w")
        #expect(field.action(for: .char("#"), in: true) == nil)
        #expect(field.action(for: .up, in: false) == "up")
        #expect(field.action(for: .up, in: true) == "type ↑", "a nil action passes the key on")
        let page = Screen.page(Page(canScroll: true))
        let shown = field.pullback { (screen: Screen) -> Bool? in if case .page = screen { true } else { nil } }
        #expect(shown.action(for: .char("w"), in: page) == "type w")
        #expect(shown.action(for: .char("w"), in: .list) == nil, "the page's field, and the page is not showing")
    }

    @Test func aMappedMapSaysTheSameInOtherWords() {
        let counted = Self.screenMap.map { $0.count }
        #expect(counted.action(for: .enter, in: .list) == 4)
        #expect(counted.guide == Self.screenMap.guide)
        #expect(counted.barItems(for: .list).map(\.key) == ["Enter"])
    }

    @Test func aBarLabelMayFollowTheState() {
        let map = KeyMap<Bool, Never>("Shell", [
            KeyBinding([.char("n")], bar: "n", label: "network", help: "the inspector", barLabel: { $0 ? "hide network" : "network" }),
        ])
        #expect(map.barItems(for: true).map(\.label) == ["hide network"])
        #expect(map.guide.entries.map(\.label) == ["network"])
    }

    /// Counts how often a pullback looks for its child's context.
    final class Lookups: @unchecked Sendable { var count = 0 }

    @Test func aPulledBackBarItemFindsItsChildOnceAndSaysWhatTheChildWouldSay() {
        let lookups = Lookups()
        let inner = KeyMap<Int, Never>("Counter", [
            KeyBinding([.char("+")], bar: "+", label: "more", help: "count up", importance: .secondary, barLabel: { "more than \($0)" }),
            KeyBinding([.char("-")], bar: "-", label: "less", help: "count down", when: { $0 > 0 }),
            KeyBinding([.char("0")], bar: nil, label: "reset", help: "back to nought"),
        ])
        // Twice pulled back: an optional count inside a pair.
        let middle = inner.pullback { (count: Int?) -> Int? in lookups.count += 1; return count }
        let outer = middle.pullback { (pair: (Int?, String)) -> Int?? in pair.1.isEmpty ? .none : .some(pair.0) }
        for context: (Int?, String) in [(3, "on"), (0, "on"), (nil, "on"), (5, "")] {
            lookups.count = 0
            let items = outer.barItems(for: context)
            let direct = context.1.isEmpty ? nil : context.0
            #expect(items == (direct.map { inner.barItems(for: $0) } ?? []), "\(context)")
            #expect(lookups.count == (context.1.isEmpty ? 0 : 2), "once for each binding on the bar")
        }
        #expect(outer.barItems(for: (3, "on")).first == KeyBar.Item("+", "more than 3", importance: .secondary))
        // Set again after the pullback: the binding says what it is told now.
        var binding = outer.bindings[1]
        binding.isAvailable = { _ in false }
        #expect(binding.barItem(in: (3, "on")) == nil)
        binding = outer.bindings[0]
        binding.barLabel = { _ in "up" }
        #expect(binding.barItem(in: (3, "on"))?.label == "up")
    }

    @Test func aNarrowBarDropsTheLeastImportantFirstAndKeepsTheOrder() {
        let bar = KeyBar([
            KeyBar.Item("↑↓", "move"), KeyBar.Item("x", "forget progress", importance: .secondary),
            KeyBar.Item("?", "help", importance: .essential), KeyBar.Item("q", "quit", importance: .essential),
            KeyBar.Item("n", "network", importance: .extra), KeyBar.Item("f", "faults", importance: .extra),
        ])
        #expect(bar.text(width: 200) == "↑↓ move · x forget progress · ? help · q quit · n network · f faults")
        #expect(bar.text(width: 60) == "↑↓ move · x forget progress · ? help · q quit · n network")
        #expect(bar.text(width: 45) == "↑↓ move · x forget progress · ? help · q quit")
        #expect(bar.text(width: 30) == "↑↓ move · ? help · q quit")
        #expect(bar.text(width: 16) == "? help · q quit")
        #expect(bar.text(width: 6) == "? help", "of equals, the rightmost goes first")
        #expect(bar.text(width: 3) == "")
    }
}
