@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import CoreTesting
import Foundation
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// Key bars list what works now, and a narrow bar drops the least needed first, `q` and `?`
/// last (Docs/keys.md, "How the key bar and help use them").
@Suite(.timeLimit(.minutes(10))) struct KeyBarPriorityTests {
    /// Docs/keys.md quotes the launcher's bar at 60 columns: the sentence is what the app draws.
    @Test func theLauncherBarDocsKeysQuotesAt60ColumnsIsTheAppsBar() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Docs/keys.md"), encoding: .utf8)
        let flat = page.replacingOccurrences(of: "\n  ", with: " ")
        let quoted = try #require(flat.range(of: #"At 60 columns the launcher's bar reads `[^`]+`"#, options: .regularExpression))
        let bar = flat[quoted].split(separator: "`")[1]
        let app = try ShellHarness(size: Size(width: 60, height: 20))
        #expect(app.lines[19] == String(bar))
    }

    @Test func at60ColumnsTheLauncherKeepsQuitAndHelpAndDropsTheRest() throws {
        let app = try ShellHarness(size: Size(width: 60, height: 20))
        #expect(app.lines[19] == "↑↓ move · Enter open · x forget progress · ? help · q quit", "n and f go first")
        #expect(KeyBar(app.shell.keyBar.items).text(width: 50) == "↑↓ move · Enter open · ? help · q quit",
                "then x")
        #expect(KeyBar(app.shell.keyBar.items).text(width: 16) == "? help · q quit", "q and ? last")
    }

    @Test func everyScreenKeepsQAndHelpAt60Columns() async throws {
        let size = Size(width: 60, height: 20)
        let flow = try ShellHarness.navigation(FlowScenario.make(.screenB2), size: size)
        try await flow.waitForScreen(.b2)
        let articles = try ArticlesFixture.harness(size: size)
        try await articles.waitFor("synced at")
        let profile = try await ShellHarness.loadedProfile(size: size)
        profile.focus(.save(.basicInformation))
        for app in [flow, articles, profile] {
            let bar = app.lines[19]
            #expect(bar.hasSuffix("? help · q leave") || bar.contains("? help · q leave ·"), "\(bar)")
            #expect(DisplayWidth.of(bar) <= 60)
        }
    }

    @Test func afterAFailedSubmitBListsR() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, submit: .failing))
        try await app.waitForScreen(.b1)
        app.press(.enter)
        try await app.waitFor("Could not submit")
        #expect(app.lines[23].hasPrefix("↑↓ choose · Enter next · r retry"))
        app.press(.char("r"))
        try await app.waitFor("Could not submit")
        #expect(app.environment.monitor.history.filter { $0.path.hasPrefix("/rSubmitSelection") }.count == 2, "r submits again")
    }

    @Test func theArticlePageListsScrollOnlyWhenThereIsMoreText() async throws {
        let long = ArticlesFixture.article(
            1, "Long read", date: (2021, 1, 1), description: String(repeating: "Lorem ipsum dolor sit amet. ", count: 60))
        let short = ArticlesFixture.article(2, "Short read", date: (2020, 1, 1), description: "One line.")
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(400))), store: try ArticlesFixture.store(with: [long, short]))
        try await app.waitFor("Long read")
        app.press(.enter)
        try await app.waitFor("‹ Back ")
        #expect(app.lines[23].hasPrefix("Esc back · ↑↓ scroll"))
        app.press(.escape, .down, .enter)
        try await app.waitFor("One line.")
        #expect(app.lines[23].hasPrefix("Esc back · r sync again"), "nothing to scroll: no ↑↓ scroll")
    }
}
