@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The network inspector shares the terminal with the screen: its own rows below it (beside it
/// on a wide terminal), growing with the terminal, the screen laid out for what remains; it
/// takes the keys when opened, scrolls with them, filters with `/` (Docs/live-tools.md).
@Suite(.timeLimit(.minutes(10))) struct InspectorPanelTests {
    /// The screen with the time of day (the wall clock) masked.
    private func masked(_ app: ShellHarness) -> String {
        app.screen.replacing(#/\d\d:\d\d:\d\d/#, with: "hh:mm:ss")
    }

    /// `count` article requests and one sign-in in flight, on the launcher.
    private func launcherWithRequests(_ count: Int = 6, size: Size = Size(width: 80, height: 24)) async throws -> ShellHarness {
        let app = try ShellHarness(size: size)
        for attempt in 1...count { _ = try await app.environment.articlesAPI.fetchArticles(attempt: attempt) }
        _ = app.environment.monitor.begin(method: "GET", path: "/rLogin", attempt: 1)
        return app
    }

    @Test func at80x24ItTakesTheRowsBelowTheScreenWithTheKeys() async throws {
        let app = try await launcherWithRequests()
        app.press(.char("n"))
        try await app.waitFor("7 requests")
        expectSnapshot(masked(app), named: "launcher-80x24")
        #expect(app.shell.inspectorHasFocus)
        #expect(app.lines[14].hasPrefix("╰─"), "the launcher's frame ends above the inspector: nothing of it is covered")
        #expect(app.terminal.canvas.style(at: Point(x: 2, y: 15)).reverse, "its title is reversed while it has the keys")
        app.press(.escape)
        #expect(!app.shell.inspectorHasFocus && app.shell.isShowingInspector)
        #expect(app.lines[23] == "↑↓ move · Enter open · x forget progress · ? help · q quit · n to network")
        #expect(!app.terminal.canvas.style(at: Point(x: 2, y: 15)).reverse)
    }

    @Test func theFlowsStatusLineStaysInSightAndTheFlowFitsWhatRemains() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2, login: .after(4, .alwaysFail(.status(500)))))
        try await app.waitForScreen(.b2)
        try await app.advance(by: .seconds(4))
        try await app.waitFor("Sign-in attempt 1 failed")
        app.press(.char("n"))
        try await app.settle()
        expectSnapshot(masked(app), named: "flow-80x24")
        #expect(app.lines[14].contains("Sign-in attempt 1 failed, next try in 1 s"), "the status line is the screen's last row")
        #expect(app.contains("[ Next ]") && app.contains("Option 5"), "the flow is laid out for the rows it has")
        #expect(app.lines[15].contains("Network ·"))
    }

    @Test func at120x40ItGrowsWithTheTerminal() async throws {
        let app = try await launcherWithRequests(12, size: Size(width: 120, height: 40))
        app.press(.char("n"))
        try await app.waitFor("13 requests")
        expectSnapshot(masked(app), named: "launcher-120x40")
        #expect(app.lines[25].contains("Network ·"), "14 rows of 39")
        #expect(app.lines[38].contains("/rLogin"))
        #expect(app.lines[27].contains("#2"), "12 rows of requests")
    }

    @Test func onAWideTerminalItGoesBesideTheScreen() async throws {
        let app = try await launcherWithRequests(size: Size(width: 160, height: 30))
        app.press(.char("n"))
        try await app.waitFor("7 requests")
        expectSnapshot(masked(app), named: "launcher-160x30")
        #expect(app.lines[0].hasPrefix("╭─ challenge-tui") && app.lines[0].dropFirst(84).hasPrefix("╮"), "the launcher keeps 85 columns")
        #expect(app.lines[1].contains("time     verb path"), "room for the time column beside it")
    }

    @Test func theArticleListIsLaidOutForTheRowsThatRemain() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        let before = try #require(app.articlesScreen?.list.visibleRows)
        app.press(.char("n"))
        try await app.settle()
        let after = try #require(app.articlesScreen?.list.visibleRows)
        #expect(before == 5 && after == 3, "15 rows less the header: 3 articles of 4 rows")
        // Moving down past what is on screen scrolls the list within its own part.
        app.press(.escape, .down, .down, .down)
        #expect(app.articlesScreen?.list.offset == 1)
        #expect(app.lines[15].contains("Network ·"))
    }

    @Test func whileItHasTheKeysTheyScrollItAndNoneReachesTheScreen() async throws {
        let app = try await launcherWithRequests(12)
        app.press(.char("n"))
        try await app.waitFor("13 requests")
        #expect(app.lines[22].contains("/rLogin"))
        #expect(app.terminal.canvas.style(at: Point(x: 3, y: 22)).reverse, "the newest is selected")
        app.press(.up)
        #expect(!app.contains("newer"), "the selection moves first")
        #expect(app.terminal.canvas.style(at: Point(x: 3, y: 21)).reverse && !app.terminal.canvas.style(at: Point(x: 3, y: 22)).reverse)
        app.press(.up, .up, .up, .up, .up)
        #expect(app.contains("13 requests · 1 in flight · ↓ 1 newer"), "the list scrolls when the selection leaves it")
        #expect(app.lines[22].contains("#12"))
        app.press(.down, .down, .down, .down, .down, .down, .down)
        #expect(!app.contains("newer"), "no further than the newest")
        app.press(.pageUp)
        #expect(app.shell.inspector?.selected == 5, "a page is the rows shown less one")
        app.press(.home)
        #expect(app.lines[17].hasSuffix("#1"), "the oldest first")
        app.press(.end)
        #expect(app.lines[22].contains("/rLogin"))
        app.press(.enter, .char("2"), .char("x"))
        #expect(app.contains("GET /rLogin (mock backend)"), "Enter shows the request in full")
        #expect(app.stackDepth == 1, "the launcher got none of them")
        app.press(.escape, .escape, .down)
        #expect(app.contains("▸ 2  Articles"), "the keys are the screen's again")
        app.press(.char("n"))
        #expect(app.shell.inspectorHasFocus, "n gives the inspector the keys again")
        app.press(.char("n"))
        #expect(!app.shell.isShowingInspector)
    }

    @Test func slashFiltersTheRowsAndEscClearsTheFilter() async throws {
        let app = try await launcherWithRequests(12)
        app.press(.char("n"), .char("/"))
        #expect(app.lines[23].hasPrefix("Enter keep filter · Esc clear filter"))
        app.type("rlog")
        try await app.settle()
        #expect(app.contains("1 of 13 requests · 1 in flight"))
        #expect(app.lines[16].hasPrefix(" filter rlog"))
        #expect(app.terminal.cursor == Point(x: 12, y: 16), "the cursor in the filter")
        #expect(!app.contains("/articles"))
        app.press(.enter)
        #expect(app.lines[23].hasPrefix("↑↓ scroll · / change filter"))
        #expect(app.terminal.cursor == nil)
        #expect(app.press(.char("q")) == .quit, "out of the filter, q is the shell's again")
    }

    @Test func aFilterMatchingNothingSaysSoAndTheTextIsTypedNotPressed() async throws {
        let app = try await launcherWithRequests()
        app.press(.char("n"), .char("/"))
        app.type("nq?f")
        try await app.settle()
        #expect(app.shell.isShowingInspector && !app.shell.isShowingHelp && app.shell.faultPanel == nil)
        #expect(app.contains("No request matches “nq?f”."))
        #expect(app.contains("0 of 7 requests"))
        app.press(.escape)
        #expect(app.contains("7 requests · 1 in flight"), "Esc in the filter clears it")
        #expect(app.lines[16].contains("time     verb path"), "no filter line")
        #expect(app.shell.inspectorHasFocus)
    }

    @Test func helpWhileItHasTheKeysListsItsKeys() async throws {
        let app = try await launcherWithRequests()
        app.press(.char("n"), .char("?"))
        #expect(app.contains("Network inspector"))
        #expect(app.contains("filter the rows by verb, path or status"))
        #expect(!app.contains("open the selected challenge"), "the launcher's keys are not the ones that work now")
    }

    @Test func aClickOnItGivesItTheKeysAndAClickOnTheScreenGivesThemBack() async throws {
        let app = try await launcherWithRequests()
        app.press(.char("n"), .escape)
        try app.click("/articles")
        #expect(app.shell.inspectorHasFocus)
        try app.click("Articles")
        #expect(!app.shell.inspectorHasFocus)
        #expect(app.stackDepth == 2, "and the click is the screen's")
    }

    @Test func theProfileScrollsItsFormToKeepTheFocusInSight() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.press(.tab, .tab, .char("n"), .escape)
        try await app.settle()
        #expect(app.lines[0].contains("User Profile"))
        app.focus(.field(.passwordConfirmation))
        expectSnapshot(app.screen.replacing(#/\d\d:\d\d:\d\d/#, with: "hh:mm:ss"), named: "profile-scrolled-80x24")
        #expect(app.lines[0].contains("‹ Dashboard"), "the header stays")
        let row = try #require(app.row(of: "▸ Re-enter Password"))
        #expect(row < 15, "above the inspector")
        #expect(app.terminal.cursor?.y == row, "the cursor in the field on screen")
        app.type("x")
        #expect(app.profileScreen?.fields[.passwordConfirmation]?.text == "x")
        // Clicks on the scrolled form reach the fields drawn there.
        try app.click("Current Password")
        #expect(app.profileScreen?.focus == .field(.currentPassword))
        app.focus(.field(.firstName))
        #expect(app.row(of: "▸ First Name") != nil)
        #expect(app.lines[1].contains("BASIC INFORMATION"), "back at the top")
    }

    @Test func at60ColumnsItsBarKeepsTheWayBackToTheScreen() async throws {
        let app = try await launcherWithRequests(size: Size(width: 60, height: 20))
        app.press(.char("n"))
        #expect(app.lines[19] == "↑↓ scroll · / filter · Esc to screen · ? help · q quit")
        app.press(.char("/"), .char("a"), .enter)
        #expect(app.lines[19] == "↑↓ scroll · Esc to screen · ? help · q quit", "the longer filter item goes first; help lists it")
        app.press(.char("?"))
        #expect(app.contains("filter the rows by verb, path or status"))
    }
}
