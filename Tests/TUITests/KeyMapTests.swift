import Testing
import TUI

/// The key declarations' own rules: how keys are written, what the bar shows in a state, how a
/// nested screen's map is pulled back and combined, what help sees (Docs/keys.md).
@Suite(.timeLimit(.minutes(10))) struct KeyMapTests {
    struct Page { var canScroll: Bool }
    enum Screen { case list, page(Page) }

    static let pageMap = KeyMap<Page>("Page", [
        KeyBinding([.escape, .left], bar: "Esc", label: "back", help: "back to the list"),
        KeyBinding([.up, .down], bar: "↑↓", label: "scroll", help: "scroll the text", when: { $0.canScroll }),
    ])
    static let listMap = KeyMap<Void>("List", [
        KeyBinding([.enter, .right], bar: "Enter", label: "open", help: "open the item"),
        KeyBinding([.char("1"), .char("2"), .char("3")], bar: nil, label: "open that one", help: "open that item"),
    ])
    static let screenMap = listMap
        .pullback { (screen: Screen) -> Void? in if case .list = screen { () } else { nil } }
        .combined(with: pageMap.pullback { (screen: Screen) -> Page? in if case .page(let page) = screen { page } else { nil } })

    @Test func keysAreWrittenOneAfterAnotherAndDigitRunsAsARange() {
        #expect(KeyBinding<Void>.names(of: [.up, .down, .char("k"), .char("j")]) == "↑ ↓ k j")
        #expect(KeyBinding<Void>.names(of: [.char("1"), .char("2"), .char("3")]) == "1–3")
        #expect(KeyBinding<Void>.names(of: [.char("1"), .char("2")]) == "1 2")
        #expect(KeyBinding<Void>.names(of: [.escape, .char("1"), .char("2"), .char("3"), .char("5")]) == "Esc 1–3 5")
        #expect(KeyBinding<Void>.names(of: [.function(1), .ctrl("c"), .char(" ")]) == "F1 Ctrl-C Space")
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

    @Test func aBarLabelMayFollowTheState() {
        let map = KeyMap<Bool>("Shell", [
            KeyBinding([.char("n")], bar: "n", label: "network", help: "the inspector", barLabel: { $0 ? "hide network" : "network" }),
        ])
        #expect(map.barItems(for: true).map(\.label) == ["hide network"])
        #expect(map.guide.entries.map(\.label) == ["network"])
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
