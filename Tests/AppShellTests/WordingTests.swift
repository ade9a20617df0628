@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
import Navigation
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import Testing

/// One wording for one event, from one place (`Wording`, `APIError.message`).
@Suite(.timeLimit(.minutes(10))) struct WordingTests {
    @Test func nothingAnsweringReadsTheSameInEveryChallenge() {
        for error in [APIError.offline, .connectionRefused, .timedOut] {
            #expect(error.message.hasPrefix("Couldn't reach the server"))
            #expect(ProfileCopy.unreachable(error) == error.message)
        }
    }

    @Test func rToRetryIsSaidOneWayOnEveryScreen() async throws {
        #expect(ProfileCopy.retryHint == Wording.retryHint)
        let flow = try ShellHarness.navigation(FlowScenario.make(.screenB1, fetch: .now(.failNext(1, .status(500)))))
        try await flow.waitFor("Could not fetch")
        #expect(flow.contains(Wording.retryHint))
        let articles = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysFail(.status(500))))
        try await articles.run(untilShows: "Sync failed", by: .seconds(30))
        #expect(articles.contains(Wording.retryHint))
    }

    @Test func noOtherSourceFileSpellsTheseEvents() throws {
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files where file.lastPathComponent != "Wording.swift" && file.lastPathComponent != "APIError.swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for phrase in ["Press r to", "can't be reached (offline", "Couldn't reach the server ("] {
                #expect(!text.contains(phrase), "\(file.lastPathComponent) spells '\(phrase)' itself")
            }
        }
    }
}
