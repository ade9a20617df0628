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

/// Builders for the articles screen's tests: the harness opened on the challenge, scenarios of
/// the articles endpoint, stored lists, and readers of what the screen shows.
enum ArticlesFixture {
    /// A harness that opened the articles challenge directly (`--challenge articles`). Header
    /// images are refused by default, so the screens show what is drawn from the URLs (while
    /// loading and after a failure); pass `images: .instant` for the downloaded pictures.
    static func harness(
        _ articles: EndpointBehaviour = .instant, size: Size = Size(width: 80, height: 24),
        store: any RecordStore = InMemoryRecordStore(), images: EndpointBehaviour = noPictures,
        environment: [String: String] = [:], storeProblem: StoreError? = nil
    ) throws -> ShellHarness {
        var options = LaunchOptions()
        options.challenge = .articles
        let scenario = Scenario(
            name: "articles-test", description: "the articles endpoint as a test needs it",
            defaults: .instant, endpoints: [.articles: articles, .images: images])
        return try ShellHarness(
            options: options, scenario: scenario, size: size, store: store, storeProblem: storeProblem, environment: environment)
    }

    /// Every image answers 404 at once: no picture, no retry.
    static let noPictures = EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.status(404)))

    /// Answers at once with `outcomes`.
    static func endpoint(_ outcomes: OutcomePattern, delay: Double = 0) -> EndpointBehaviour {
        EndpointBehaviour(delay: delay...delay, outcomes: outcomes)
    }

    /// A store holding `articles` as the last successful sync of an earlier run.
    static func store(with articles: [Article], unreadableCount: Int = 0) throws -> InMemoryRecordStore {
        let store = InMemoryRecordStore()
        if let error = ArticlesCache.save(StoredArticles(articles: articles, unreadableCount: unreadableCount), to: store) {
            throw HarnessFailure(description: "could not store the list: \(error.message)")
        }
        return store
    }

    static func article(
        _ id: Int, _ title: String, date: (Int, Int, Int), description: String = "A short description.",
        author: String = "writer@example.com", image: String = "http://dummyimage.com/640x360.png/5fa2dd/ffffff"
    ) -> Article {
        Article(
            id: id, title: title, description: description, author: author,
            releaseDate: CalendarDate(year: date.0, month: date.1, day: date.2)!, image: image)
    }

    /// Three stored articles, deliberately out of order.
    static let storedList = [
        article(101, "Oldest stored article", date: (2018, 6, 25)),
        article(102, "Newest stored article", date: (2020, 7, 8), description: "Released on the eighth of July."),
        article(103, "Middle stored article", date: (2019, 3, 23)),
    ]

    /// The project's sample, as the mock serves it.
    static let sample = SampleArticles.articles()

    /// The sample in list order (newest first).
    static let sampleInListOrder = sample.sortedByRelease()
}

extension ShellHarness {
    /// The articles challenge on top of the stack (its feature value).
    var articlesScreen: ArticlesFeature? { (shell.top as? FeatureHost<ArticlesFeature>)?.feature }

    /// The screen with the wall-clock time of the last sync ("synced at 14:05") written as
    /// "synced at HH:MM" and the spinner at its first frame, so snapshots depend neither on when
    /// they run nor on how many loop turns (100 ms of the loop's time each, while the spinner
    /// turns) they took.
    var stableScreen: String {
        screen
            .replacingOccurrences(of: #"synced at \d\d:\d\d"#, with: "synced at HH:MM", options: .regularExpression)
            .replacingOccurrences(of: "[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]", with: "⠋", options: .regularExpression)
    }

    /// Nothing on screen reads as an error: no "fail" or "error" in any words, no error colour
    /// in any cell (the challenge: retry *before* showing an error).
    func expectNoErrorShown(sourceLocation: SourceLocation = #_sourceLocation) {
        let text = screen.lowercased()
        #expect(!text.contains("fail") && !text.contains("error"), "an error is shown:\n\(screen)", sourceLocation: sourceLocation)
        let canvas = terminal.canvas
        let red = (0..<canvas.size.height).flatMap { y in (0..<canvas.size.width).map { Point(x: $0, y: y) } }
            .filter { canvas.style(at: $0).foreground == .red }
        #expect(red.isEmpty, "cells in the error colour at \(red.prefix(3))", sourceLocation: sourceLocation)
    }

    /// Lets the retry timer go to sleep on the manual clock, then moves the clock by `duration`.
    func advanceRetry(by duration: Duration) async throws {
        try sleepers(atLeast: 1)
        try await advance(by: duration)
    }

    /// The titles of the rows on screen, top to bottom (read off the title lines: a thumbnail at
    /// columns 2…5, drawn from the URL or a downloaded picture, and a release date at the end).
    var rowTitles: [String] {
        lines.compactMap { line -> String? in
            let characters = Array(line)
            guard characters.count > 8 else { return nil }
            let thumbnail = String(characters[2..<6])
            let isPicture = thumbnail.contains("▀") && thumbnail.allSatisfy { $0 == "▀" || $0 == " " }
            guard thumbnail == "████" || thumbnail == "┌──┐" || isPicture,
                let date = line.range(of: #"[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, '\d\d"#, options: .regularExpression)
            else { return nil }
            let title = String(line[..<date.lowerBound]).dropFirst(8)
            return title.trimmingCharacters(in: .whitespaces)
        }
    }

    /// The title of the selected row (marked with ▸).
    var selectedTitle: String? {
        lines.first { $0.hasPrefix("▸") }.flatMap { line in
            line.range(of: #"[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, '\d\d"#, options: .regularExpression).map {
                String(line[..<$0.lowerBound]).dropFirst(8).trimmingCharacters(in: .whitespaces)
            }
        }
    }
}
