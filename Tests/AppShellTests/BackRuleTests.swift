@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// One rule for back (Docs/keys.md, "Back"): Esc, ← and Backspace go back to the challenge's own
/// screen before where it has one (C to B, an article to the list), else out of the challenge
/// as `q` does; every back button looks the same.
@Suite(.timeLimit(.minutes(10))) struct BackRuleTests {
    static let backKeys: [Key] = [.escape, .left, .backspace]

    @Test(arguments: backKeys) func backOnTheArticleListLeavesForTheLauncher(_ key: Key) async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("articles")
        #expect(app.lines[23].hasPrefix("↑↓ move") && app.lines[23].contains("Esc back"))
        app.press(key)
        #expect(app.stackDepth == 1)
        #expect(app.contains("Mobile coding challenges"))
    }

    @Test(arguments: backKeys) func backOnAnArticleReturnsToTheList(_ key: Key) async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("articles")
        app.press(.enter)
        try await app.waitFor("‹ Back")
        app.press(key)
        #expect(app.stackDepth == 2)
        #expect(!app.contains("‹ Back"))
    }

    @Test(arguments: backKeys) func backOnScreenBLeavesTheFlowKeepingItsPlace(_ key: Key) async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        #expect(app.lines[23].contains("Esc back"))
        app.press(key)
        #expect(app.stackDepth == 1)
        #expect(app.contains("resume at Screen B1"))
    }

    @Test func escOnScreenDLeavesTheFlowWhichShowsNoBackButton() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3))
        try await app.waitForScreen(.b3)
        app.press(.enter)
        try await app.advance(by: .seconds(3))
        try await app.waitForScreen(.d)
        #expect(!app.contains("‹"), "D has no back button (the seed)")
        app.press(.escape)
        #expect(app.stackDepth == 1)
    }

    @Test func escOnScreenCGoesBackToTheBScreenAsItsButtonDoes() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, login: .after(60)))
        try await app.waitForScreen(.b1)
        app.press(.enter)
        try await app.waitForScreen(.c1)
        #expect(app.lines[0].hasPrefix(" ‹ Back "))
        app.press(.escape)
        try await app.waitForScreen(.b1)
        #expect(app.stackDepth == 2)
    }

    @Test func backKeysDoNothingOnTheLauncher() throws {
        let app = try ShellHarness()
        for key in Self.backKeys { #expect(app.press(key) == nil) }
        #expect(app.stackDepth == 1)
        #expect(!app.lines[23].contains("Esc"))
    }

    @Test func everyBackButtonLooksTheSame() async throws {
        let profile = try await ShellHarness.loadedProfile()
        #expect(profile.lines[0].hasPrefix(" ‹ Dashboard "))
        let articles = try ArticlesFixture.harness()
        try await articles.waitFor("articles")
        articles.press(.enter)
        try await articles.waitFor("‹ Back")
        #expect(articles.lines[0].hasPrefix(" ‹ Back "))
        // Each is a button for Esc: a click on it goes back.
        try articles.click("‹ Back")
        #expect(!articles.contains("‹ Back"))
    }

    // MARK: The flow's screens say enough

    @Test func screenDSaysWhatHappenedAndHowToStartAgain() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3))
        try await app.waitForScreen(.b3)
        app.press(.enter)
        try await app.advance(by: .seconds(3))
        try await app.waitForScreen(.d)
        #expect(app.contains("Signed in: the flow is complete."))
        #expect(app.contains("x on the launcher starts it again on A"))
    }

    @Test func b2sShrunkBoxMarksTheOptionsBelow() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2), size: Size(width: 60, height: 20))
        try await app.waitForScreen(.b2)
        app.press(.char("n"), .escape)
        try await app.settle()
        #expect(app.shell.isShowingInspector)
        #expect(app.contains("↓ more"), "Option 5 is out of the box:\n\(app.screen)")
        #expect(!app.contains("Option 5"))
        for _ in 0..<4 { app.press(.down) }
        #expect(app.contains("↑ more"))
        #expect(!app.contains("↓ more"))
    }
}
