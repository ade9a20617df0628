@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The launcher, the key bar and help with the mouse (Docs/mouse-and-paste.md).
@Suite(.timeLimit(.minutes(10))) struct LauncherMouseTests {
    private func selectedRow(_ app: ShellHarness) -> String? { app.lines.first { $0.contains("▸") } }

    @Test func aClickOnAChallengeOpensIt() async throws {
        let app = try ShellHarness()
        try app.click("Articles")
        try await app.waitFor("Articles · ")
        #expect(app.articlesScreen != nil)
    }

    @Test func aClickOnAChallengesSummaryOpensItToo() async throws {
        let app = try ShellHarness()
        try app.click("Load, edit names", offset: 10)
        try await app.waitFor("User Profile")
        #expect(app.profileScreen != nil)
    }

    @Test func clicksOnNothingClickableDoNothing() throws {
        let app = try ShellHarness()
        try app.runUntilQuiet()
        let before = app.screen
        let blankUnderFirst = try #require(app.point(of: "Screens A → B")).offsetBy(dy: 1)
        for point in [Point(x: 0, y: 0), Point(x: 79, y: 10), blankUnderFirst, try #require(app.point(of: "Mock backend")),
                      try #require(app.point(of: "Mobile coding")), Point(x: 79, y: 23)] {
            #expect(app.press(.mouse(.click(at: point))) == nil, "no quit at \(point)")
            #expect(app.stackDepth == 1, "nothing opened at \(point)")
            #expect(app.screen == before, "nothing changed at \(point)")
        }
    }

    @Test func onlyALeftPressActsNotTheReleaseOrOtherButtons() throws {
        let app = try ShellHarness()
        let articles = try #require(app.point(of: "Articles"))
        app.press(.mouse(MouseEvent(.release, at: articles)))
        app.press(.mouse(MouseEvent(.press(.right), at: articles)))
        app.press(.mouse(MouseEvent(.press(.middle), at: articles)))
        app.press(.mouse(MouseEvent(.press(.left), at: articles, modifiers: .shift)))
        #expect(app.stackDepth == 2, "only the left press opened it")
    }

    @Test func theWheelMovesTheSelectionAsTheArrowsDo() throws {
        let app = try ShellHarness()
        let list = try #require(app.point(of: "Navigation flow"))
        app.wheel(.wheelDown, at: list)
        #expect(selectedRow(app)?.contains("2  Articles") == true)
        app.wheel(.wheelDown, at: list.offsetBy(dy: 8)) // a blank row of the list
        #expect(selectedRow(app)?.contains("3  Profile") == true)
        app.wheel(.wheelDown, at: list)
        #expect(selectedRow(app)?.contains("3  Profile") == true, "stops at the end, as ↓ does")
        app.wheel(.wheelUp, at: list)
        #expect(selectedRow(app)?.contains("2  Articles") == true)
        // Above the list nothing scrolls.
        app.wheel(.wheelUp, at: try #require(app.point(of: "Mobile coding")))
        #expect(selectedRow(app)?.contains("2  Articles") == true)
        #expect(app.stackDepth == 1)
    }

    @Test func everyKeyBarItemIsAButtonThatDoesWhatItsKeyDoes() throws {
        let app = try ShellHarness()
        // "↑↓ move": the ↓ is a button of its own.
        try app.click("↑↓", offset: 1)
        #expect(selectedRow(app)?.contains("2  Articles") == true)
        try app.click("↑↓")
        #expect(selectedRow(app)?.contains("1  Navigation flow") == true)
        // "? help", label and all.
        try app.click("? help", offset: 3)
        #expect(app.shell.isShowingHelp)
        #expect(app.lines[23] == "Esc close help")
        try app.click("Esc close help")
        #expect(!app.shell.isShowingHelp)
        // "n network" toggles the inspector; then "n hide network".
        try app.click("n network")
        #expect(app.shell.isShowingInspector)
        try app.click("n hide network")
        #expect(!app.shell.isShowingInspector)
        // The separator between items is nothing.
        let separator = try #require(app.point(of: " · ")).offsetBy(dx: 1)
        app.click(at: separator)
        #expect(app.stackDepth == 1 && !app.shell.isShowingHelp)
        // "Enter open" opens the selection; "q leave" leaves it; "q quit" quits.
        try app.click("Enter open")
        #expect(app.stackDepth == 2)
        try app.click("q leave")
        #expect(app.stackDepth == 1)
        let quit = try #require(app.point(of: "q quit"))
        #expect(app.press(.mouse(.click(at: quit.offsetBy(dx: 5)))) == .quit)
    }

    @Test func helpClosesOnAClickAnywhereAndNothingUnderItIsClicked() throws {
        let app = try ShellHarness()
        let articles = try #require(app.point(of: "Articles"))
        app.press(.char("?"))
        #expect(app.shell.isShowingHelp)
        // The challenge under the dimmed backdrop is not opened: the click closes help only.
        app.click(at: articles)
        #expect(!app.shell.isShowingHelp)
        #expect(app.stackDepth == 1)
        app.press(.char("?"))
        try app.click("this help") // inside the box
        #expect(!app.shell.isShowingHelp)
        app.press(.char("?"))
        app.wheel(.wheelDown, at: articles)
        #expect(app.shell.isShowingHelp, "the wheel does not close it")
        #expect((app.shell.top as? LauncherScreen)?.selected.id == .navigation, "nor scrolls what is under it")
    }

    @Test func clicksWhileTheTerminalIsTooSmallDoNothing() throws {
        let app = try ShellHarness()
        let articles = try #require(app.point(of: "Articles"))
        app.resize(to: Size(width: 50, height: 15))
        #expect(app.press(.mouse(.click(at: articles))) == nil)
        app.resize(to: Size(width: 80, height: 24))
        #expect(app.stackDepth == 1)
    }

    @Test func aPasteOutsideATextFieldIsIgnored() throws {
        let app = try ShellHarness()
        try app.runUntilQuiet()
        let before = app.screen
        #expect(app.press(.paste("q")) == nil, "a pasted q never quits")
        app.paste("2\n?nf")
        #expect(app.stackDepth == 1)
        #expect(!app.shell.isShowingHelp && !app.shell.isShowingInspector && app.shell.faultPanel == nil)
        #expect(app.screen == before)
    }
}

extension ShellHarness {
    /// How many screens are on the stack (1: the launcher alone).
    var stackDepth: Int { shell.stack.count }
}
