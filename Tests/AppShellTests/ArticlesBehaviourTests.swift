@testable import AppShell
import ArticleDetails
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

/// The articles challenge through its keys, on the manual clock: the challenge's acceptance criteria (Docs/articles.md)
/// (named after them) and the rest of the screens' behaviour.
@Suite(.timeLimit(.minutes(10))) struct ArticlesBehaviourTests {
    // MARK: Seed acceptance criteria

    /// `--challenge articles` with a stored list: the list is in the very first frame, before
    /// any effect has run.
    @Test func seedAC1_theStoredListIsInTheFirstFrame() throws {
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysSucceed, delay: 1), store: ArticlesFixture.store(with: ArticlesFixture.storedList))
        #expect(app.terminal.presentCount == 1)
        #expect(app.executor.pendingCount > 0, "no effect has run yet")
        #expect(app.rowTitles == ["Newest stored article", "Middle stored article", "Oldest stored article"])
    }

    @Test func seedAC1_launchShowsTheLatestArticles() async throws {
        // An earlier run stored two articles; the server now has the 60 of the sample.
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysSucceed, delay: 1),
            store: ArticlesFixture.store(with: Array(ArticlesFixture.storedList.prefix(2))))
        try await app.waitFor("2 articles")
        #expect(app.contains("syncing…"), "the stored list shows at once while the sync runs")
        #expect(app.rowTitles == ["Newest stored article", "Oldest stored article"])

        try app.sleepers(atLeast: 1)
        try await app.advance(by: .seconds(1))
        try await app.waitFor("synced at")
        #expect(app.contains("Articles · 60 articles"))
        #expect(app.rowTitles.first == ArticlesFixture.sampleInListOrder[0].title)
        #expect(!app.contains("stored article"))
    }

    @Test func seedAC2_retriesThreeTimesTwoSecondsApartOn500() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.failNext(3, .status(500))))
        try await app.waitFor("syncing… retry 1 of 3 in 2 s")
        app.expectNoErrorShown()
        try await app.advanceRetry(by: .seconds(2))
        try await app.waitFor("syncing… retry 2 of 3 in 2 s")
        app.expectNoErrorShown()
        try await app.advanceRetry(by: .seconds(2))
        try await app.waitFor("syncing… retry 3 of 3 in 2 s")
        app.expectNoErrorShown()

        // The last retry waits its full 2 s: not a moment less.
        try await app.advanceRetry(by: .milliseconds(1999))
        #expect(app.contains("retry 3 of 3 in"))
        #expect(app.contains("Loading articles…"))
        app.expectNoErrorShown()
        try await app.advance(by: .milliseconds(1))
        try await app.waitFor("synced at")
        #expect(app.clock.now.offset == .seconds(6), "the list arrives after exactly 6 s of backoff")
        #expect(app.contains("Articles · 60 articles"))
        #expect(!app.contains("Sync failed"))
    }

    @Test func seedAC2_theWaitBeforeEachRetryCountsDownLive() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.failNext(1, .status(500))))
        try await app.waitFor("syncing… retry 1 of 3 in 2 s")
        // The header follows the loop's clock, a frame at a time.
        try await app.advance(by: .milliseconds(1_100))
        #expect(app.lines[0].hasSuffix("syncing… retry 1 of 3 in 1 s"))
        app.expectNoErrorShown()
        try app.sleepers(atLeast: 1)
        try await app.advance(by: .milliseconds(900))
        try await app.waitFor("synced at")
        #expect(!app.contains("retry"))
    }

    /// The error shows once the fourth attempt has failed, never before.
    @Test func seedAC2_theErrorAppearsOnlyAfterTheFourthAttemptFails() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysFail(.status(500))))
        try await app.waitFor("syncing… retry 1 of 3 in 2 s")
        for retry in 1...3 {
            app.expectNoErrorShown()
            try await app.advanceRetry(by: .seconds(2))
            if retry < 3 { try await app.waitFor("syncing… retry \(retry + 1) of 3 in 2 s") }
        }
        try await app.waitFor("Sync failed after 4 attempts: server error 500.")
        #expect(app.lines[0].hasSuffix("server error 500"), "the header says what happened")
        #expect(app.terminal.canvas.style(at: Point(x: 78, y: 0)).foreground == .red, "now drawn as an error")
        // The network inspector still lists every attempt with its status.
        app.press(.char("n"))
        #expect(app.lines.filter { $0.contains("/articles") && $0.contains("500") }.count == 4)
    }

    @Test func seedAC2_networkFailureIsRetriedToo() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.failNext(2, .refused)))
        try await app.waitFor("syncing… retry 1 of 3 in 2 s")
        app.expectNoErrorShown()
        try await app.advanceRetry(by: .seconds(2))
        try await app.waitFor("syncing… retry 2 of 3 in")
        app.expectNoErrorShown()
        try await app.advanceRetry(by: .seconds(2))
        try await app.waitFor("synced at")
        #expect(app.clock.now.offset == .seconds(4))
        #expect(app.contains("60 articles"))
    }

    /// The header names what the sync ran into: a refused connection is not "offline".
    @Test(arguments: [(SimulatedFailure.refused, "connection refused"), (.offline, "offline"), (.timeout, "timed out")])
    func theHeaderSaysWhatTheSyncRanInto(_ failure: SimulatedFailure, _ header: String) async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysFail(failure)))
        try await app.waitFor("retry 1 of 3")
        for _ in 1...3 { try await app.advanceRetry(by: .seconds(2)) }
        try await app.waitFor("Sync failed after 4 attempts")
        #expect(app.lines[0].hasSuffix(" \(header)"), "\(app.lines[0])")
        #expect(app.screen.components(separatedBy: "try again").count == 2, "said once")
    }

    @Test func seedAC2_aClientErrorIsNotRetried() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.failNext(1, .status(404))))
        try await app.waitFor("Sync failed: the server answered 404 (not found).")
        // The mock's scenario injected it: the fault panel changes it, not the address.
        #expect(app.contains("Injected by the scenario:") && app.contains("f changes it, r retries."))
        #expect(!app.contains("Check the articles address"))
        #expect(app.contains("sync failed"))
        #expect(app.clock.sleeperCount == 0, "no retry timer")
    }

    @Test func seedAC3_showsStoredArticlesWhenSyncFails() async throws {
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(500))), store: ArticlesFixture.store(with: ArticlesFixture.storedList))
        try await app.waitFor("retry 1 of 3")
        #expect(app.rowTitles.count == 3, "the stored list is there while retrying")
        app.expectNoErrorShown()
        for _ in 1...3 { try await app.advanceRetry(by: .seconds(2)) }
        try await app.waitFor("Sync failed after 4 attempts: server error 500. Showing the last stored")
        #expect(app.contains("articles. Press r to try again."))
        #expect(app.contains("Articles · 3 articles"))
        #expect(app.rowTitles == ["Newest stored article", "Middle stored article", "Oldest stored article"])
        app.press(.enter)
        #expect(app.contains("Released on the eighth of July."), "a stored article opens like any other")
    }

    /// A store that could not be opened: the list says it lives in memory only, and why, for as
    /// long as it shows (the shell's notice goes after 6 s).
    @Test func aListInMemoryOnlySaysSo() async throws {
        let app = try ArticlesFixture.harness(storeProblem: .io("/srv/file exists and is not a folder"))
        try await app.waitFor("synced at")
        try await app.advance(by: .seconds(7))
        #expect(app.lines[2] == " In memory only — nothing is kept (the data folder is unusable)")
        #expect(!app.lines[23].contains("dismiss"), "not a notice to dismiss")
        let fine = try ArticlesFixture.harness()
        try await fine.waitFor("synced at")
        #expect(!fine.contains("In memory only"))
    }

    /// `/` narrows the list as it is typed (title, author, description, any case); Enter keeps
    /// the filter and gives the keys back; Esc in the field clears it (Docs/articles.md, "Finding
    /// an article").
    @Test func slashFindsArticlesAsYouTypeEnterKeepsAndEscClears() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        let matching = ArticlesFixture.sampleInListOrder.filter { article in
            [article.title, article.author, article.description].contains { $0.lowercased().contains("dolor") }
        }
        #expect(matching.count > 1 && matching.count < 60)
        app.press(.char("/"))
        #expect(app.lines[2].hasPrefix(" find "))
        #expect(app.lines[23].hasPrefix("Enter keep · Esc clear"))
        app.type("DOLOr")
        #expect(app.lines[0].contains("Articles · \(matching.count) of 60 match \u{201C}DOLOr\u{201D}"))
        #expect(app.rowTitles == matching.prefix(app.rowTitles.count).map(\.title), "the first matches, in list order")
        // q, n and r are letters here: nothing leaves, opens or syncs.
        app.type("qnr")
        #expect(app.contains("match \u{201C}DOLOrqnr\u{201D}"))
        #expect(app.contains("No article matches"))
        for _ in 0..<3 { app.press(.backspace) }
        app.press(.enter)
        #expect(app.lines[23].contains("/ find"), "the keys are the list's again")
        app.press(.char("G"))
        #expect(app.contains("▸"))
        #expect(app.rowTitles.last == matching.last?.title, "G: the last match")
        app.press(.char("g"))
        #expect(app.rowTitles.first == matching.first?.title)
        app.press(.enter)
        #expect(!app.lines[0].contains("match"), "Enter opens the selected match's page")
        #expect(app.contains(matching[0].author))
        app.press(.escape)
        #expect(app.lines[0].contains("of 60 match"), "the filter is kept behind the article")
        app.press(.char("/"), .escape)
        #expect(app.lines[0].contains("Articles · 60 articles"))
        #expect(!app.lines[2].hasPrefix(" find "))
    }

    @Test func xDismissesTheFailedSyncsErrorLine() async throws {
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(500))), store: ArticlesFixture.store(with: ArticlesFixture.storedList))
        try await app.waitFor("retry 1 of 3")
        for _ in 1...3 { try await app.advanceRetry(by: .seconds(2)) }
        try await app.waitFor("Sync failed after 4 attempts")
        #expect(app.lines[23].contains("x dismiss notice"))
        app.press(.char("x"))
        #expect(!app.contains("Sync failed"))
        #expect(app.contains("server error 500"), "the header still says so")
        #expect(!app.lines[23].contains("dismiss"))
        #expect(app.rowTitles.count == 3)
    }

    @Test func seedAC4_listSortedByDateNewestFirst() async throws {
        // A stored list out of order comes out newest first.
        let stored = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(404))), store: ArticlesFixture.store(with: ArticlesFixture.storedList))
        try await stored.waitFor("answered 404")
        #expect(stored.rowTitles == ["Newest stored article", "Middle stored article", "Oldest stored article"])

        // The whole synced sample, read off the screen page by page, is in release order:
        // newest first, equal days by id.
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        var titles: [String] = []
        for _ in 0..<30 {
            for title in app.rowTitles where !titles.contains(title) { titles.append(title) }
            app.press(.pageDown)
        }
        let byTitle = Dictionary(ArticlesFixture.sample.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
        try #require(byTitle.count == ArticlesFixture.sample.count, "sample titles are unique")
        let shown = try titles.map { try #require(byTitle[$0]) }
        #expect(shown.count == 60)
        for (earlier, later) in zip(shown, shown.dropFirst()) {
            #expect(
                earlier.releaseDate > later.releaseDate || (earlier.releaseDate == later.releaseDate && earlier.id < later.id),
                "\(earlier.title) (\(earlier.releaseDate)) before \(later.title) (\(later.releaseDate))")
        }
    }

    @Test func seedAC5_storedDataIsEncrypted() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("artui-ac5-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EncryptedFileStore(
            directory: directory.path, key: EncryptionKey(bytes: Data((0..<32).map { UInt8($0) })), time: .frozen())
        let app = try ArticlesFixture.harness(store: store)
        try await app.waitFor("synced at")
        try await app.settle(until: "the list was saved") { _ in (try? store.read(ArticlesCache.recordName)) != nil }

        // The record decrypts to the list on screen…
        let saved = try #require(try ArticlesCache.load(from: store).get())
        #expect(saved.articles.count == 60)

        // …and no file in the data dir holds any of it in the clear.
        var contents = Data()
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var fileCount = 0
        while let url = files?.nextObject() as? URL {
            guard let data = try? Data(contentsOf: url) else { continue }
            contents.append(data)
            fileCount += 1
        }
        #expect(fileCount >= 1)
        for article in ArticlesFixture.sample {
            for secret in [article.title, article.author, article.image] {
                #expect(contents.range(of: Data(secret.utf8)) == nil, "'\(secret)' is on disk in the clear")
            }
        }
    }

    @Test func seedAC6_rowShowsTitleTwoLinesOfDescriptionAndImage() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        // The second row: a description longer than two lines, cut with an ellipsis.
        let article = ArticlesFixture.sampleInListOrder[1]
        let textWidth = 80 - 1 - ArticlesListView.textIndent(forWidth: 80) - 1  // scrollbar, indent, margin
        let description = TextLayout.lines(article.description, width: textWidth, maxLines: 2)
        #expect(TextLayout.wrap(article.description, width: textWidth).count > 2)
        #expect(description[1].hasSuffix("…"))
        #expect(app.lines[6].hasPrefix("  ████  \(article.title)"))
        #expect(app.lines[6].contains(ArticleDate.string(from: article.releaseDate)))
        #expect(app.lines[7].hasPrefix("  ████  \(description[0])"))
        #expect(app.lines[8].hasPrefix("        \(description[1])"))
        #expect(app.lines[9].trimmingCharacters(in: CharacterSet(charactersIn: " │┃")).isEmpty, "only two lines")
        #expect(app.terminal.canvas.style(at: Point(x: 8, y: 6)).bold, "the title is bold")
        let background = try #require(HeaderImage(url: article.image).background)
        #expect(app.terminal.canvas.style(at: Point(x: 3, y: 6)).background == RGB(background), "the image's thumbnail")
    }

    @Test func seedAC7_tappingARowShowsTheDetail() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        app.press(.down, .down)
        let article = ArticlesFixture.sampleInListOrder[2]
        #expect(app.selectedTitle == article.title)
        app.press(.enter)
        #expect(app.lines[0].hasPrefix(" ‹ Back "))
        #expect(app.contains(article.title))
        #expect(app.lines[23].hasPrefix("Esc back · r sync again"), "its text fits: nothing to scroll, no ↑↓ scroll")
    }

    @Test func seedAC8_detailShowsImageTitleContentAuthorAndDate() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        app.press(.down, .enter)
        let article = ArticlesFixture.sampleInListOrder[1]
        guard case .dummyImage(let picture) = HeaderImage(url: article.image) else {
            Issue.record("the sample's second article has a dummyimage picture")
            return
        }
        // The image: a block of its background colour, and its label.
        let blockRow = try #require(app.lines.firstIndex { $0.contains("█") })
        let x = try #require(Array(app.lines[blockRow]).firstIndex(of: "█"))
        #expect(app.terminal.canvas.style(at: Point(x: x, y: blockRow)).background == RGB(picture.background))
        #expect(app.contains(picture.label))
        // The title, the author, the date, and the whole description.
        #expect(app.contains(article.title))
        #expect(app.contains("\(article.author)  ·  \(ArticleDate.string(from: article.releaseDate))"))
        let text = app.lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains(article.description.split(separator: " ").joined(separator: " ")))
    }

    @Test func seedAC8_dateIsFormattedLikeWedJul8_20() async throws {
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(404))), store: ArticlesFixture.store(with: ArticlesFixture.storedList))
        try await app.waitFor("answered 404")
        #expect(app.selectedTitle == "Newest stored article")
        app.press(.enter)
        #expect(app.contains("writer@example.com  ·  Wed, Jul 8, '20"))
    }

    // MARK: Navigation and keys

    @Test func escLeftAndBackspaceGoBackToTheListWithTheSelectionKept() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        app.press(.down, .down)
        for back in [Key.escape, .left, .backspace] {
            app.press(.enter)
            #expect(app.contains("‹ Back"))
            app.press(back)
            #expect(app.contains("Articles · 60 articles"), "\(back) goes back")
            #expect(app.selectedTitle == ArticlesFixture.sampleInListOrder[2].title)
        }
        // On the list, back leaves the challenge (Docs/keys.md, "Back").
        app.press(.escape)
        #expect(app.stackDepth == 1)
    }

    @Test func rAfterTheFinalFailureSyncsAgain() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.failNext(4, .status(500))))
        try await app.waitFor("retry 1 of 3")
        app.press(.char("r"))
        #expect(app.contains("retry 1 of 3"), "r does nothing while a retry is on its way")
        for _ in 1...3 { try await app.advanceRetry(by: .seconds(2)) }
        try await app.waitFor("Press r to try again")
        #expect(app.lines[23].hasPrefix("/ find · r sync again"))
        app.press(.char("r"))
        try await app.waitFor("synced at")
        #expect(app.contains("Articles · 60 articles"))
        #expect(app.clock.now.offset == .seconds(6), "the new sync starts at once")
    }

    @Test func pageDownAndEndReachTheLastArticleOfALongList() async throws {
        let app = try ArticlesFixture.harness()
        try await app.waitFor("synced at")
        let last = try #require(ArticlesFixture.sampleInListOrder.last)
        for _ in 0..<20 { app.press(.pageDown) }
        #expect(app.selectedTitle == last.title)
        app.press(.home)
        #expect(app.selectedTitle == ArticlesFixture.sampleInListOrder[0].title)
        app.press(.end)
        #expect(app.selectedTitle == last.title)
        #expect(app.rowTitles.last == last.title)
        app.press(.char("k"))
        #expect(app.selectedTitle == ArticlesFixture.sampleInListOrder[58].title)
        app.press(.char("j"), .up, .pageUp)
        #expect(app.selectedTitle == ArticlesFixture.sampleInListOrder[54].title)
    }

    @Test func aListOfThousandsScrollsToItsEnd() async throws {
        let many = SampleArticles.articles(count: 5_000).sortedByRelease()
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(404))), store: ArticlesFixture.store(with: many))
        try await app.waitFor("5,000 articles")
        // Under the two-line error, four rows fit; a page is the rows on screen less one.
        #expect(app.rowTitles.count == 4, "only the rows on screen are drawn")
        app.press(.pageDown)
        #expect(app.selectedTitle == many[3].title)
        app.press(.end)
        #expect(app.selectedTitle == many[4_999].title)
        #expect(app.rowTitles == many.suffix(4).map(\.title))
    }

    @Test func theDetailPageScrollsALongDescription() async throws {
        let long = (1...40).map { "Sentence number \($0) of a long article." }.joined(separator: " ")
        let stored = [ArticlesFixture.article(5, "A long read", date: (2020, 5, 5), description: long)]
        let app = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(404))), store: ArticlesFixture.store(with: stored))
        try await app.waitFor("answered 404")
        app.press(.enter)
        #expect(app.contains("Sentence number 1 of"))
        #expect(app.lines[22].hasSuffix("↓ more · lines 1–7 of 20"))
        app.press(.down)
        #expect(app.lines[22].hasSuffix("↑↓ more · lines 2–8 of 20"))
        #expect(!app.contains("Sentence number 1 of"))
        app.press(.pageDown)
        #expect(app.lines[22].hasSuffix("↑↓ more · lines 8–14 of 20"))
        app.press(.end)
        #expect(app.lines[22].hasSuffix("↑ end · lines 14–20 of 20"))
        #expect(app.contains("Sentence number 40 of a long article."))
        app.press(.char("j"))
        #expect(app.lines[22].hasSuffix("↑ end · lines 14–20 of 20"), "no scrolling past the end")
        app.press(.pageUp, .char("k"))
        #expect(app.lines[22].hasSuffix("↑↓ more · lines 7–13 of 20"))
        app.press(.home)
        #expect(app.lines[22].hasSuffix("↓ more · lines 1–7 of 20"))
        // Opening again starts at the top.
        app.press(.end, .escape, .enter)
        #expect(app.contains("Sentence number 1 of"))
    }

    // MARK: Messages

    @Test func unreadableArticlesAreCountedAndADamagedStoreIsReportedOnce() async throws {
        let counted = try ArticlesFixture.harness(
            ArticlesFixture.endpoint(.alwaysFail(.status(404))),
            store: ArticlesFixture.store(with: ArticlesFixture.storedList, unreadableCount: 2))
        try await counted.waitFor("2 articles could not be read fully")

        let damaged = InMemoryRecordStore([ArticlesCache.recordName: Data("not a list".utf8)])
        let app = try ArticlesFixture.harness(store: damaged)
        try await app.waitFor("synced at")
        #expect(app.lines[2] == " The stored articles could not be read (not a stored article list); they were")
        #expect(app.lines[3] == " set aside as articles.list.unreadable.")
        #expect(app.lines[23].contains("x dismiss notice"))
        app.press(.char("x"))
        #expect(!app.contains("could not be read"))
        #expect(!app.lines[23].contains("dismiss"))
        #expect(damaged.names.contains(ArticlesCache.asideName), "set aside, not lost")
    }

    @Test func leavingCancelsTheRetryTimer() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysFail(.status(500))))
        try await app.waitFor("retry 1 of 3")
        // Leaving cancels the retry timer; nothing is left asleep on the clock.
        try app.sleepers(atLeast: 1)
        app.press(.char("q"))
        #expect(app.contains("Navigation flow"), "back on the launcher")
        try await app.settle(until: "the retry timer was cancelled") { $0.clock.sleeperCount == 0 }
    }

    @Test func leavingCancelsTheSyncAndComingBackStartsAnother() async throws {
        let app = try ArticlesFixture.harness(ArticlesFixture.endpoint(.alwaysSucceed, delay: 5))
        try await app.waitFor("Loading articles")
        try app.sleepers(atLeast: 1)
        app.press(.char("q"))
        try await app.settle(until: "the request was cancelled") { $0.clock.sleeperCount == 0 }
        // The launcher's cursor is on the challenge just left.
        app.press(.enter)
        try await app.waitFor("Loading articles")
        try app.sleepers(atLeast: 1)
        try await app.advance(by: .seconds(5))
        try await app.waitFor("synced at")
    }
}
