@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// Sessions that once replayed otherwise than they ran: what a screen reads of the store, the
/// stored list read in parts during a sync, the timeline. Each is recorded and replayed frame for
/// frame (Docs/recording.md, "Why it replays exactly").
@Suite(.timeLimit(.minutes(10))) struct ReplayIdentityTests {
    static var happy: Scenario {
        get throws { try ScenarioLibrary(directory: nil, challenges: Challenge.all).load("happy") }
    }

    /// The timeline lists the stored list's first read as an event live and in the replay alike.
    @Test func theArticlesTimelineReplaysIdentically() async throws {
        let session = try await RecordedSession.record(scenario: try Self.happy) { app in
            app.press(.char("2"))
            try await app.run(until: .seconds(4))
            app.press(.char("t"))
            #expect(app.shell.timeline != nil)
            let screen = try #require(app.shell.timelineScreen)
            #expect(screen.timeline.contains { screen.timelineName($0.sequence).hasPrefix("no stored list") },
                    "the first read of the store is an event of its own: \(screen.timeline.map { screen.timelineName($0.sequence) })")
            app.press(.escape, .char("q"), .char("q"))
        }
        #expect(!session.text.contains(#""opened""#), "the first read is an answer, not a line of its own")
        #expect(session.text.contains(#""answer":{"cacheLoaded""#))
        #expect(session.text.contains(#""answer":{"standings""#), "so is the launcher's")
        try session.expectIdentical()
    }

    /// More than the first 256 stored articles, read as the list is scrolled while the sync runs:
    /// each part is an answer in the recording.
    @Test func aStoredListScrolledPastItsFirstPartDuringASyncReplaysIdentically() async throws {
        let stored = SampleArticles.articles(count: 1_000).sortedByRelease()
        var options = LaunchOptions()
        options.challenge = .articles
        let scenario = Scenario(
            name: "slow-sync", description: "the sync answers after a minute",
            defaults: .instant, endpoints: [.articles: ArticlesFixture.endpoint(.alwaysSucceed, delay: 60), .images: ArticlesFixture.noPictures])
        let session = try await RecordedSession.record(options: options, scenario: scenario, store: try ArticlesFixture.store(with: stored)) { app in
            try await app.waitFor("1,000 articles")
            #expect(app.articlesScreen?.state.articles.count == 256, "only the first part is read for the first frame")
            for _ in 0..<300 { app.press(.down) }
            try await app.settle()
            #expect((app.articlesScreen?.state.articles.count ?? 0) > 256, "the next part was read")
            app.press(.end)
            try await app.settle()
            #expect(app.articlesScreen?.list.selection == 999)
            try await app.run(until: .seconds(61))
            try await app.waitFor("synced at")
            app.press(.char("q"), .char("q"))
        }
        #expect(session.text.contains(#""storedRowsLoaded""#), "the parts are answers in the recording")
        #expect(!session.text.contains("unrecordable"))
        try session.expectIdentical()
    }

    /// A recording of the format's earlier line kinds for stored data is refused with a word on
    /// what to do.
    @Test func anEarlierRecordingsOpenedLineIsRefusedSayingToRecordAgain() async throws {
        let session = try await RecordedSession.record { app in app.press(.char("q")) }
        var lines = session.lines
        lines.insert(#"{"t":0,"opened":1,"answer":[]}"#, at: 2)
        #expect {
            try SessionRecording.parse(Data(lines.joined(separator: "\n").utf8), file: "old.jsonl", challenges: Challenge.all)
        } throws: { error in
            (error as? SessionReadError)?.description.contains("record the session again") == true
        }
    }
}
