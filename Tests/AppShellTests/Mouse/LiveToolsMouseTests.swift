@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The network inspector and the fault panel with the mouse (Docs/mouse-and-paste.md).
@Suite(.timeLimit(.minutes(10))) struct LiveToolsMouseTests {
    /// The launcher with the inspector open over twelve requests (six fit).
    private func inspectorOverTwelveRequests() async throws -> ShellHarness {
        let app = try ShellHarness()
        for attempt in 1...12 {
            _ = try await app.environment.articlesAPI.fetchArticles(attempt: attempt)
        }
        app.press(.char("n"))
        try await app.waitFor("12 requests")
        return app
    }

    @Test func theWheelScrollsTheInspectorBackThroughOlderRequestsAndForwardAgain() async throws {
        let app = try await inspectorOverTwelveRequests()
        let band = try #require(app.point(of: "Network ·"))
        #expect(app.lines[22].contains("#12"))
        app.wheel(.wheelUp, at: band.offsetBy(dy: 3))
        #expect(app.shell.inspector?.scroll == 3)
        #expect(app.lines[22].contains("#9"))
        #expect(app.lines[17].contains("#4"))
        #expect(app.contains("12 requests · ↓ 3 newer"))
        app.wheel(.wheelUp, at: band)
        app.wheel(.wheelUp, at: band)
        #expect(app.shell.inspector?.scroll == 6, "no further back than the oldest screenful")
        #expect(app.lines[17].hasSuffix("#1"))
        app.wheel(.wheelDown, at: band)
        app.wheel(.wheelDown, at: band)
        app.wheel(.wheelDown, at: band)
        #expect(app.shell.inspector?.scroll == 0)
        #expect(app.lines[22].contains("#12"))
        #expect(!app.contains("newer"))
        // Over the screen above it, the wheel is the screen's.
        app.wheel(.wheelDown, at: try #require(app.point(of: "Navigation flow")))
        #expect(app.contains("▸ 2  Articles"))
        #expect(app.shell.inspector?.scroll == 0)
    }

    @Test func clicksOnTheInspectorReachNothingUnderItAndItsHintHidesIt() async throws {
        let app = try await inspectorOverTwelveRequests()
        app.wheel(.wheelUp, at: try #require(app.point(of: "Network ·")))
        try app.click("/articles")
        #expect(app.stackDepth == 1 && app.shell.isShowingInspector)
        try app.click("n hide ", offset: 5)
        #expect(!app.shell.isShowingInspector)
        app.press(.char("n"))
        #expect(app.shell.inspector?.scroll == 0, "it opens on the newest again")
        #expect(app.lines[22].contains("#12"))
    }

    @Test func theInspectorsHintHidesItEvenWhileATextFieldTakesTheN() async throws {
        let app = try await ShellHarness.loadedProfile()
        // Esc leaves the field, Esc the profile, n opens the inspector (with the keys), Esc gives
        // them back to the launcher, 3 opens the profile again, Tab goes into First Name.
        app.press(.escape, .escape, .char("n"), .escape, .char("3"))
        try await app.waitFor("Johnny B")
        app.press(.tab)
        #expect(app.shell.isShowingInspector && app.profileScreen?.capturesText == true)
        try app.click("n hide ")
        #expect(!app.shell.isShowingInspector)
        #expect(app.profileScreen?.fields[.firstName]?.text == "Johnny B", "no n typed")
    }

    @Test func aClickOnAFaultPanelRowSelectsItAndOnItsOutcomeCyclesIt() throws {
        let app = try ShellHarness(scenario: .builtInDefault, scenarioLibrary: ScenarioBehaviourTests.library)
        app.press(.char("f"))
        try app.click("profileUpdate")
        #expect(app.contains("▸ profileUpdate"))
        #expect(app.environment.mock.endpoint(.profileUpdate).behaviour.outcomes == .alwaysSucceed, "selecting changes nothing")
        let articles = try #require(app.point(of: "articles "))
        let line = app.lines[articles.y]
        let outcome = try #require(line.range(of: "always succeed"))
        app.click(at: Point(x: DisplayWidth.of(String(line[..<outcome.lowerBound])) + 3, y: articles.y))
        #expect(app.contains("▸ articles          0.5–2 s   always fail (500)"))
        #expect(app.environment.mock.endpoint(.articles).behaviour.outcomes == .alwaysFail(.status(500)))
        // The wheel moves the selection as ↑/↓ do.
        app.wheel(.wheelDown, at: articles)
        #expect(app.contains("▸ images  "))
        app.wheel(.wheelDown, at: articles)
        #expect(app.contains("▸ profile  "))
        // The key bar's "+" and "-" are buttons of their own.
        try app.click("+- delay")
        #expect(app.contains("▸ profile           1–3 s"))
        try app.click("+- delay", offset: 1)
        #expect(app.contains("▸ profile           0.5–2 s"))
        // So is the scenario line, as `s`.
        try app.click("(s: next scenario)")
        #expect(!app.contains("Scenario default"))
    }

    @Test func aClickOutsideTheFaultPanelClosesItAndReachesNothingUnderIt() throws {
        let app = try ShellHarness(scenario: .builtInDefault)
        app.press(.char("f"))
        try app.click("Changes apply") // inside the box: nothing
        #expect(app.shell.faultPanel != nil)
        try app.click("Mock backend") // outside: closed, as Esc does
        #expect(app.shell.faultPanel == nil)
        #expect(app.stackDepth == 1)
        app.press(.char("f"))
        try app.click("f close")
        #expect(app.shell.faultPanel == nil)
    }

    @Test func withTheHTTPBackendAClickOutsideTheExplanationClosesIt() throws {
        var options = LaunchOptions()
        options.backend = .http
        let app = try ShellHarness(options: options)
        app.press(.char("f"))
        try app.click("Stop")
        #expect(app.shell.faultPanel != nil)
        app.click(at: Point(x: 0, y: 0))
        #expect(app.shell.faultPanel == nil)
    }
}
