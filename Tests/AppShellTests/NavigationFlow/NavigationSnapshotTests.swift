@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// Every screen of the navigation flow, headless at 80×24, exactly as drawn, and its
/// background colour from the challenge's diagram.
@Suite(.timeLimit(.minutes(10))) struct NavigationSnapshotTests {
    /// Compares the whole screen with its golden file (`__Snapshots__/NavigationSnapshotTests`).
    private func expectScreen(_ app: ShellHarness, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSnapshot(app.screen, named: name, sourceLocation: sourceLocation)
    }

    /// The screen's background fills the body; the text on it is dark; the status line is
    /// reversed (it reads as a bar with or without colour).
    private func expectColours(
        _ app: ShellHarness, _ screen: FlowScreen, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let canvas = app.terminal.canvas
        let statusRow = canvas.size.height - 2
        for point in [Point(x: 0, y: 0), Point(x: 40, y: 10), Point(x: canvas.size.width - 1, y: statusRow - 1)] {
            #expect(canvas.style(at: point).background == DiagramColour.of(screen), "\(screen) at \(point)", sourceLocation: sourceLocation)
            #expect(canvas.style(at: point).foreground == NavigationPalette.text, sourceLocation: sourceLocation)
        }
        #expect(canvas.style(at: Point(x: 1, y: 0)).bold || canvas.style(at: Point(x: 8, y: 0)).bold, "the header is bold", sourceLocation: sourceLocation)
        #expect(canvas.style(at: Point(x: 1, y: statusRow)).reverse, "the status line is reversed", sourceLocation: sourceLocation)
        #expect(canvas.style(at: Point(x: 1, y: statusRow)).background == DiagramColour.of(screen), sourceLocation: sourceLocation)
        // The key bar is the shell's, in the terminal's colours.
        #expect(canvas.style(at: Point(x: 0, y: statusRow + 1)).background == nil, sourceLocation: sourceLocation)
    }

    // MARK: A

    @Test func screenAWhileFetching() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, fetch: .after(5)))
        try await app.waitFor("Fetching experiments…")
        expectScreen(app, "a-fetching")
        expectColours(app, .a)
        #expect(app.flow?.isAnimating == true)
    }

    @Test func screenAAfterAFailedFetch() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1, fetch: .failing))
        try await app.waitFor("Press r to try again")
        expectScreen(app, "a-failed")
        expectColours(app, .a)
        #expect(app.flow?.isAnimating == false)
    }

    // MARK: B

    @Test func screenB1() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        app.press(.down)
        expectScreen(app, "b1")
        expectColours(app, .b1)
        // The wheel's highlight is reversed: it is the selection.
        #expect(app.terminal.canvas.style(at: Point(x: 6, y: 7)).reverse)
        #expect(!app.terminal.canvas.style(at: Point(x: 6, y: 6)).reverse)
    }

    @Test func screenB2WithTheHintWhenNothingIsChecked() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2))
        try await app.waitForScreen(.b2)
        app.press(.down, .enter)
        expectScreen(app, "b2-hint")
        expectColours(app, .b2)
    }

    @Test func screenB2WhileSubmitting() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2, submit: .after(5)))
        try await app.waitForScreen(.b2)
        app.press(.down, .down, .char(" "), .enter)
        try await app.waitFor("Submitting Option 3…")
        expectScreen(app, "b2-submitting")
        expectColours(app, .b2)
    }

    @Test func screenB2AfterAFailedSubmit() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2, submit: .failing))
        try await app.waitForScreen(.b2)
        app.press(.char(" "), .enter)
        try await app.waitFor("Could not submit")
        expectScreen(app, "b2-failed")
        expectColours(app, .b2)
    }

    @Test func screenB3() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3))
        try await app.waitForScreen(.b3)
        expectScreen(app, "b3")
        expectColours(app, .b3)
    }

    // MARK: C

    @Test func screenC1ViaB1() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB1))
        try await app.waitForScreen(.b1)
        app.press(.down, .down, .enter)
        try await app.waitForScreen(.c1)
        expectScreen(app, "c1")
        expectColours(app, .c1)
    }

    @Test func screenC2ViaB2() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB2, login: .after(30)))
        try await app.waitForScreen(.b2)
        app.press(.down, .char(" "), .enter)
        try await app.waitForScreen(.c2)
        expectScreen(app, "c2-b2")
        expectColours(app, .c2)
    }

    @Test func screenC2OnTheB3PathHasNoTitleFieldAndTheTextStretchesUp() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.screenB3, login: .after(30)))
        try await app.waitForScreen(.b3)
        app.press(.enter)
        try await app.waitForScreen(.c2)
        expectScreen(app, "c2-b3")
        expectColours(app, .c2)
    }

    @Test func screenC2OnTheNoScreenBPathHasNoBackButton() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.noScreenB, login: .after(30)))
        try await app.waitForScreen(.c2)
        expectScreen(app, "c2-none")
        expectColours(app, .c2)
    }

    @Test func screenCAfterSignInGaveUp() async throws {
        var configuration = AppConfiguration.defaults
        configuration[NavigationSettings.loginRetry] = NavigationState.loginPolicy(maxAttempts: 1)
        let app = try ShellHarness.navigation(
            FlowScenario.make(.noScreenB, login: .failing), configuration: configuration)
        try await app.waitForScreen(.c2)
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(3))
        try await app.waitFor("Press r to try again.")
        expectScreen(app, "c2-gave-up")
        #expect(app.flow?.isAnimating == false)
    }

    // MARK: D

    @Test func screenD() async throws {
        let app = try ShellHarness.navigation(FlowScenario.make(.noScreenB))
        try await app.waitForScreen(.c2)
        try await app.waitForSleepers(1)
        try await app.advance(by: .seconds(3))
        try await app.waitForScreen(.d)
        expectScreen(app, "d")
        expectColours(app, .d)
        #expect(app.flow?.isAnimating == false)
    }

    // MARK: The smallest terminal

    @Test func screenC1At60x20KeepsEverythingEssential() async throws {
        let app = try ShellHarness.navigation(
            FlowScenario.make(.screenB1, login: .now(.failNext(1, .status(500)))), size: Size(width: 60, height: 20))
        try await app.waitForScreen(.b1)
        app.press(.down, .enter)
        try await app.waitForScreen(.c1)
        expectScreen(app, "c1-60x20")
        #expect(app.lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }

    @Test func screenB2At60x20KeepsEverythingEssential() async throws {
        let app = try ShellHarness.navigation(
            FlowScenario.make(.screenB2, submit: .failing), size: Size(width: 60, height: 20))
        try await app.waitForScreen(.b2)
        app.press(.char(" "), .enter)
        try await app.waitFor("Could not submit")
        expectScreen(app, "b2-60x20")
    }
}
