@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The one place keys become events, the description's scroll position, and the live retry
/// countdown, checked on their own.
@Suite(.timeLimit(.minutes(10))) struct ArticlesKeysTests {
    let list = ArticlesKeys.Mode.list(selectedArticleID: 7, hasNotice: false)

    @Test func enterOpensTheSelectedArticle() {
        #expect(ArticlesKeys.action(for: .enter, in: list) == .event(.open(articleID: 7)))
        #expect(ArticlesKeys.action(for: .right, in: list) == .event(.open(articleID: 7)))
        #expect(ArticlesKeys.action(for: .enter, in: .list(selectedArticleID: nil, hasNotice: false)) == nil)
    }

    @Test func backKeysCloseOnlyTheDetailPage() {
        for key in [Key.escape, .left, .backspace] {
            #expect(ArticlesKeys.action(for: key, in: .detail) == .event(.close))
            #expect(ArticlesKeys.action(for: key, in: list) == nil, "\(key) is not the list's")
        }
    }

    @Test func rRetriesEverywhereAndQAndHelpAreLeftToTheShell() {
        #expect(ArticlesKeys.action(for: .char("r"), in: list) == .event(.retry))
        #expect(ArticlesKeys.action(for: .char("r"), in: .detail) == .event(.retry))
        for key in [Key.char("q"), .char("?"), .char("x")] {
            #expect(ArticlesKeys.action(for: key, in: list) == nil)
            #expect(ArticlesKeys.action(for: key, in: .detail) == nil)
        }
        #expect(ArticlesKeys.action(for: .char("x"), in: .list(selectedArticleID: 7, hasNotice: true)) == .event(.dismissNotice))
    }

    /// `/` opens the filter; in its field every key is typed but Enter (keep) and Esc (clear):
    /// `r`, `q`, `x` and `n` are letters there.
    @Test func slashOpensTheFilterWhoseFieldTakesEveryOtherKey() {
        #expect(ArticlesKeys.action(for: .char("/"), in: list) == .filter(.start))
        #expect(ArticlesKeys.action(for: .char("/"), in: .detail) == nil)
        #expect(ArticlesKeys.action(for: .enter, in: .filter) == .filter(.keep))
        #expect(ArticlesKeys.action(for: .escape, in: .filter) == .filter(.clear))
        for key in [Key.char("r"), .char("q"), .char("x"), .char("n"), .char("g"), .backspace, .left] {
            #expect(ArticlesKeys.action(for: key, in: .filter) == .filter(.edit(key)))
        }
        #expect(ArticlesKeys.action(for: .char("g"), in: list) == .select(.home))
        #expect(ArticlesKeys.action(for: .char("G"), in: list) == .select(.end))
    }

    @Test func movementKeysMoveTheListOrScrollTheDetail() {
        let moves: [(Key, ListState.Move)] = [
            (.up, .up), (.char("k"), .up), (.down, .down), (.char("j"), .down),
            (.pageUp, .pageUp), (.pageDown, .pageDown), (.home, .home), (.end, .end),
        ]
        for (key, move) in moves {
            #expect(ArticlesKeys.action(for: key, in: list) == .select(move))
            #expect(ArticlesKeys.action(for: key, in: .detail) == .scroll(move))
        }
    }

    @Test func theKeyBarSaysWhatWorksNow() {
        func bar(_ mode: ArticlesKeys.Mode, isSyncing: Bool, canScroll: Bool = false) -> [String] {
            ArticlesKeys.keyMap.barItems(for: ArticlesKeys.Context(mode: mode, isSyncing: isSyncing, canScroll: canScroll)).map(\.key)
        }
        #expect(bar(list, isSyncing: false) == ["↑↓", "Enter", "/", "r"])
        #expect(bar(list, isSyncing: true) == ["↑↓", "Enter", "/"])
        #expect(bar(.list(selectedArticleID: nil, hasNotice: true), isSyncing: false) == ["/", "r", "x"])
        #expect(bar(.filter, isSyncing: false) == ["Enter", "Esc"], "typing goes to the field")
        #expect(bar(.detail, isSyncing: false, canScroll: true) == ["Esc", "↑↓", "r"])
        #expect(bar(.detail, isSyncing: false) == ["Esc", "r"], "nothing to scroll: no ↑↓ scroll")
    }

    /// The declarations and the key handling agree: every key the screen takes is declared for
    /// the mode it is in (so help and the docs list it), and every key the bar offers works.
    @Test func theDeclaredKeysAreTheKeysTheScreenTakes() {
        let modes: [ArticlesKeys.Mode] = [
            list, .list(selectedArticleID: nil, hasNotice: false), .list(selectedArticleID: 3, hasNotice: true), .detail,
        ]
        for mode in modes {
            for isSyncing in [false, true] {
                let context = ArticlesKeys.Context(mode: mode, isSyncing: isSyncing)
                let present = ArticlesKeys.keyMap.bindings.filter { $0.isPresent(context) }
                for key in KeyCandidates.all where ArticlesKeys.action(for: key, in: mode) != nil {
                    #expect(present.contains { $0.keys.contains(key) }, "\(key) works in \(mode) but is not declared there")
                }
                for binding in present where binding.isAvailable(context) {
                    for key in binding.keys {
                        #expect(ArticlesKeys.action(for: key, in: mode) != nil, "\(key) is offered in \(mode) but does nothing")
                    }
                }
            }
        }
    }

    @Test func textScrollStaysWithinTheText() {
        var scroll = TextScroll()
        scroll.layout(visibleLines: 5, totalLines: 12)
        #expect(scroll.visibleRange == 0..<5)
        scroll.move(.pageDown)
        #expect(scroll.offset == 4)
        scroll.move(.end)
        #expect(scroll.offset == 7)
        scroll.move(.down)
        #expect(scroll.offset == 7)
        scroll.layout(visibleLines: 10, totalLines: 12)
        #expect(scroll.offset == 2, "a taller window clamps the offset")
        scroll.move(.home)
        scroll.move(.up)
        #expect(scroll.offset == 0)
        #expect(!scroll.canScrollUp && scroll.canScrollDown)
    }

    @Test func theStatusUsesTheDomainsWords() {
        var state = ArticlesState()
        _ = state.reduce(.appeared)
        _ = state.reduce(.fetchFinished(attempt: 1, .failure(.http(status: 500, body: "")), at: WallClockTime(hour: 9, minute: 5)))
        let start = Duration.seconds(10)
        let status = ArticlesStatus(state, now: start + .milliseconds(150), animationStart: start)
        #expect(status.header == "syncing… retry 1 of 3 in 2 s")
        #expect(status.headerWithSpinner == "⠙ syncing… retry 1 of 3 in 2 s")
        #expect(status.message == nil, "no error while the retries run")
        #expect(status.isRunning && !status.hasFailed)
        #expect(status.headerStyle == .plain, "drawn as progress, not as an error")
    }
}
