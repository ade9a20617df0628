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

/// The navigation flow with the mouse: a click does what the keys do, through the same events
/// (Docs/mouse-and-paste.md).
@Suite(.timeLimit(.minutes(10))) struct NavigationMouseTests {
    @Test func aClickOnAB1ChoiceSelectsIt() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        try app.click("Choice D")
        #expect(try app.flowState.b1Selection == 3)
        try app.click("Choice B", offset: 4)
        #expect(try app.flowState.b1Selection == 1)
        #expect(app.contains("› Choice B"))
        try app.click("Choice B") // already chosen: nothing changes
        #expect(try app.flowState.b1Selection == 1)
    }

    @Test func aClickOnAB2OptionChecksItAsSpaceDoes() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2))
        try await app.waitForScreen(.b2)
        try app.click("Option 3")
        #expect(try app.flowState.b2Checked == 2)
        #expect(try app.flowState.b2Cursor == 2)
        #expect(app.contains("› [x] Option 3"))
        try app.click("Option 5")
        #expect(try app.flowState.b2Checked == 4)
        try app.click("Option 5") // Space on a checked box unchecks it; so does a click
        #expect(try app.flowState.b2Checked == nil)
    }

    @Test func theWheelTurnsThePickerOverItsBoxOnly() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        let box = try #require(app.point(of: "Choice C"))
        app.wheel(.wheelDown, at: box)
        app.wheel(.wheelDown, at: box.offsetBy(dx: 15)) // inside the box, right of the text
        #expect(try app.flowState.b1Selection == 2)
        app.wheel(.wheelUp, at: box)
        #expect(try app.flowState.b1Selection == 1)
        app.wheel(.wheelDown, at: try #require(app.point(of: "Choose one"))) // not the box
        #expect(try app.flowState.b1Selection == 1)
    }

    @Test func nextIsAButtonFromItsFirstCellToItsLastAndNotBeyond() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        let next = try #require(app.point(of: "[ Next ]"))
        app.click(at: next.offsetBy(dx: -1))
        app.click(at: next.offsetBy(dx: 8))
        app.click(at: next.offsetBy(dy: 1))
        app.click(at: next.offsetBy(dy: -1))
        try await app.settle()
        #expect(try app.flowState.screen == .b1, "the cells around the button are not the button")
        app.click(at: next.offsetBy(dx: 7)) // its closing bracket
        try await app.waitForScreen(.c1)
        #expect(app.contains("Choice A"))
    }

    @Test func theBackButtonOfCGoesBackAndItsPaddingIsPartOfIt() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, login: .after(30)))
        try await app.waitForScreen(.b1)
        try app.click("[ Next ]", offset: 3)
        try await app.waitForScreen(.c1)
        try app.click("‹ Back")
        try await app.waitForScreen(.b1)
        try app.click("[ Next ]")
        try await app.waitForScreen(.c1)
        try app.click("‹ Back", offset: 6) // the trailing space is part of it
        try await app.waitForScreen(.b1)
        try app.click("[ Next ]")
        try await app.waitForScreen(.c1)
        try app.click("‹ Back", offset: 7) // past the button: the space before the title
        try await app.settle()
        #expect(try app.flowState.screen == .c1)
    }

    @Test func whileSubmittingTheChoicesAndNextDoWhatTheirKeysDoNothing() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, submit: .after(5)))
        try await app.waitForScreen(.b1)
        try app.click("[ Next ]")
        try await app.waitFor("Submitting Choice A")
        try app.click("Choice C")
        #expect(try app.flowState.b1Selection == 0)
        try app.click("[ Next ]")
        try await app.settle()
        #expect(try app.flowState.screen == .b1)
    }

    @Test func onAAfterAFailedFetchTheKeyBarsRetryFetchesAgain() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3, fetch: .failing))
        try await app.waitFor("Could not fetch the experiments")
        app.environment.mock.endpoint(.rFetchExperiments).behaviour = .instant
        try app.click("r retry")
        try await app.waitForScreen(.b3)
        // B3's Next is a button too.
        try app.click("[ Next ]")
        try await app.waitForScreen(.c2)
    }

    @Test func clicksBecomeTheEventsOfTheKeys() {
        var b2 = NavigationState(loginPolicy: .login)
        for event in [NavigationEvent.start, .progressLoaded(.success(nil)), .experimentsFetched(.success(.screenB2))] {
            _ = b2.reduce(event)
        }
        let click = MouseEvent.click(at: .zero)
        #expect(NavigationKeys.events(for: click, on: .choice(2), in: b2) == [.moveDown, .moveDown, .toggle])
        #expect(NavigationKeys.events(for: click, on: .choice(0), in: b2) == [.toggle])
        #expect(NavigationKeys.events(for: MouseEvent(.wheelDown, at: .zero), on: .choice(2), in: b2) == nil)
        #expect(NavigationKeys.events(for: MouseEvent(.press(.right), at: .zero), on: .choice(2), in: b2) == nil)
        var c = b2
        _ = c.reduce(.toggle)
        _ = c.reduce(.next)
        #expect(NavigationKeys.events(for: click, on: .choice(1), in: c) == nil, "locked while submitting")
    }

    @Test func aPasteDoesNothingInTheFlow() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        #expect(app.press(.paste("jq ?n\r")) == nil)
        #expect(try app.flowState.b1Selection == 0)
        #expect(app.stackDepth == 2 && !app.shell.isShowingHelp && !app.shell.isShowingInspector)
    }
}
