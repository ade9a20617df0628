@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Core
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The timeline (`t`): the challenge's last events with their times and names; ↑/↓ (the wheel,
/// clicks) move through them and the screen behind shows the state right after the selected
/// one, while the app runs on; Esc returns to the present. See Docs/recording.md.
@Suite(.timeLimit(.minutes(10))) struct TimelineTests {
    /// The articles sync failing twice (500), then succeeding.
    static func articles() throws -> ShellHarness {
        try ArticlesFixture.harness(ArticlesFixture.endpoint(.failNext(2, .status(500)), delay: 0.25))
    }

    @Test func theRingKeepsTheLastThousandEventsInOrderWithTheValuesTheyLeft() {
        typealias Switch = FeatureHostStorageTests.Switch
        var ring = TimelineRing<Switch>()
        let held = FeatureHostStorageTests.Held()
        let events = TimelineRing<Switch>.capacity + 2
        for sequence in 1...events {
            ring.append(.toggle, at: .milliseconds(sequence), leaving: Switch(isOn: sequence % 2 == 1, held: held))
        }
        #expect(ring.count == TimelineRing<Switch>.capacity)
        #expect(ring.rows.first == TimelineRow(sequence: 3, time: .milliseconds(3)))
        #expect(ring.rows.last == TimelineRow(sequence: events, time: .milliseconds(events)))
        #expect(ring.rows.map(\.sequence) == Array(3...events))
        #expect(ring.entry(2) == nil)
        #expect(ring.entry(3)?.feature.isOn == true)
        #expect(ring.entry(events)?.feature.isOn == false)
        #expect(ring.entry(events + 1) == nil)
    }

    @Test func theTimelineListsTheEventsWithTheirTimesAndWhatTheyLedTo() async throws {
        let app = try Self.articles()
        try await app.run(until: .seconds(1))
        app.press(.char("t"))
        #expect(app.contains("─ Timeline · "))
        #expect(app.contains("0.25 s · articles answer: 500 (attempt 1) · syncing… retry 1 of 3 in 2 s"))
        #expect(app.lines.last?.contains("↑↓ step · Esc present") == true, "its keys in the key bar")
        #expect(app.contains("the screen shows the present"))
    }

    @Test func steppingBackPastARetryShowsTheScreenAsItWasAndEscReturnsToThePresent() async throws {
        let app = try Self.articles()
        try await app.run(until: .seconds(2.5))
        #expect(app.contains("retry 2 of 3"), "the second attempt failed too")
        app.press(.char("t"))
        // Back to right after the first failure: the header counts the first retry down again.
        #expect(app.shell.timeline != nil)
        let screen = try #require(app.shell.timelineScreen)
        let rows = screen.timeline
        let firstFailure = try #require(rows.firstIndex { screen.timelineName($0.sequence).contains("articles answer: 500 (attempt 1)") })
        for _ in firstFailure..<(rows.count - 1) { app.press(.up) }
        #expect(app.lines[0].contains("retry 1 of 3 in 2 s"), "the past: \(app.lines[0])")
        #expect(app.contains("as it was after the selected event"))

        // The app runs on underneath: the third attempt succeeds while the past is shown.
        try await app.run(until: .seconds(6))
        #expect(app.lines[0].contains("retry 1 of 3 in 2 s"), "still the past")
        #expect(app.contains("articles answer: 60 articles (attempt 3)") || screen.timeline.count > rows.count)
        app.press(.escape)
        #expect(app.shell.timeline == nil)
        #expect(!app.lines[0].contains("retry"), "the present: \(app.lines[0])")
        #expect(app.contains("Articles · 60 articles"))
    }

    @Test func theWheelAndClicksMoveThroughTheEvents() async throws {
        let app = try Self.articles()
        try await app.run(until: .seconds(1))
        app.press(.char("t"))
        let screen = try #require(app.shell.timelineScreen)
        // What the screen behind shows now.
        func shown() -> Int? { app.shell.timeline?.shownSequence(in: screen.timeline) }
        let newest = try #require(shown())
        let row = try #require(app.point(of: "0.25 s · articles answer"))
        app.wheel(.wheelUp, at: row)
        #expect(shown() != newest, "the wheel stepped back")
        app.click(at: row)
        let clicked = try #require(shown())
        #expect(screen.timelineName(clicked).hasPrefix("articles answer: 500 (attempt 1)"))
        app.press(.end)
        #expect(shown() == newest)
    }

    @Test func onTheLauncherTheTimelineSaysToOpenAChallenge() throws {
        let app = try ShellHarness()
        app.press(.char("t"))
        #expect(app.shell.timeline == nil)
        #expect(app.contains("The timeline lists a challenge's events: open one first"))
    }

    @Test func aPasswordsEditIsNamedWithoutWhatWasTyped() async throws {
        let app = try await ShellHarness.loadedProfile()
        app.fillPasswords(current: "password123", new: "hunter2hunter2", confirmation: "hunter2hunter2")
        app.press(.char("t"))
        #expect(app.shell.timeline != nil)
        let screen = try #require(app.shell.timelineScreen)
        let names = screen.timeline.map { screen.timelineName($0.sequence) }
        #expect(names.contains("typing in New password"))
        #expect(!names.joined().contains("hunter") && !names.joined().contains("password123"))
    }

    @Test func theRingKeepsTheLastThousandEvents() {
        var ring = TimelineRing<NavigationFeature>()
        let feature = NavigationFeature(environment: AppEnvironment(options: LaunchOptions(), time: .frozen(), challenges: Challenge.all))
        for index in 0..<1_234 { ring.append(.moveDown, at: .milliseconds(index), leaving: feature) }
        #expect(ring.count == 1_000)
        let rows = ring.rows
        #expect(rows.first?.sequence == 235 && rows.last?.sequence == 1_234)
        #expect(ring.entry(234) == nil && ring.entry(235)?.time == .milliseconds(234) && ring.entry(1_235) == nil)
    }
}
