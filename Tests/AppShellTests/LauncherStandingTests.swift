@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import CoreTesting
import Foundation
import Navigation
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The launcher says where each challenge stands, read through its registration
/// (`Challenge.standing`) once the first frame is on screen, and again whenever a challenge is
/// left; times in local time from the one time source (the harness fixes UTC).
@Suite(.timeLimit(.minutes(10))) struct LauncherStandingTests {
    /// A flow resumed on C2 with Option 3, 60 articles synced that night, names saved the day before.
    static func storeWithProgress() throws -> InMemoryRecordStore {
        let store = InMemoryRecordStore()
        try NavigationProgressStore(store: store).save(
            NavigationProgress(screen: .c2, experiment: .screenB2, b2Checked: 2, cameFrom: .b2))
        // testEpoch is 2023-11-14T22:13:20Z.
        let synced = testEpoch.addingTimeInterval(-(21 * 3600 + 7 * 60))
        #expect(ArticlesCache.save(StoredArticles(articles: SampleArticles.articles()), to: store, at: synced) == nil)
        ProfileSaves(store: store, time: .frozen(at: testEpoch.addingTimeInterval(-86_400 + 60))).note(.names)
        return store
    }

    @Test func launcherWithStandingsAt80x24() throws {
        let app = try ShellHarness(store: try Self.storeWithProgress())
        try app.runUntilQuiet()
        expectSnapshot(app.screen, named: "launcherWithStandingsAt80x24")
        #expect(app.lines[4].hasSuffix("resume at Screen C2 · Option 3  │"))
        #expect(app.lines[7].hasSuffix("60 articles stored · synced 01:06  │"))
        #expect(app.lines[10].hasSuffix("names saved 13 Nov 22:14 (mock: forgotten at exit)  │"))
        // Dim, whether the row is selected or not: only the title shows the selection.
        let standing = try #require(app.point(of: "resume at"))
        #expect(app.terminal.canvas.style(at: standing).dim)
        #expect(!app.terminal.canvas.style(at: standing).reverse)
    }

    @Test func launcherWithStandingsAt60x20() throws {
        let app = try ShellHarness(size: Size(width: 60, height: 20), store: try Self.storeWithProgress())
        try app.runUntilQuiet()
        expectSnapshot(app.screen, named: "launcherWithStandingsAt60x20")
        #expect(app.contains("resume at Screen C2 · Option 3"))
        #expect(app.contains("60 articles stored · synced 01:06"))
        #expect(app.lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }

    /// The first frame waits for no store: the standings come on the loop's next turn.
    @Test func theFirstFrameReadsNothingFromTheStore() throws {
        let store = CountingStore(try Self.storeWithProgress())
        let app = try ShellHarness(store: store)
        #expect(store.reads == 0, "the launcher's first frame")
        #expect(!app.contains("resume at"))
        try app.runUntilQuiet()
        #expect(app.contains("resume at Screen C2 · Option 3"))
        #expect(store.reads == 3, "one small record each")
    }

    @Test func aFreshStoreSaysNothingIsStoredYet() throws {
        let app = try ShellHarness()
        try app.runUntilQuiet()
        #expect(app.lines[4].hasSuffix("not started  │"))
        #expect(app.lines[7].hasSuffix("nothing stored yet  │"))
        #expect(app.lines[10].hasSuffix("not saved yet  │"))
    }

    /// Leaving a challenge reads the standings again; the cursor is on the challenge left, also
    /// when it was opened from the command line.
    @Test func leavingAChallengeUpdatesItsStandingAndKeepsTheCursorOnIt() async throws {
        var options = LaunchOptions()
        options.challenge = .articles
        let app = try ShellHarness(options: options)
        try await app.waitFor("synced at")
        app.press(.char("q"))
        #expect(app.contains("▸ 2  Articles"))
        #expect(app.lines[7].hasSuffix("60 articles stored · synced 22:13  │"))

        // The profile's save is noted.
        app.press(.char("3"))
        try await app.waitFor("Johnny B")
        app.focus(.field(.firstName))
        app.type("x")
        app.focus(.save(.basicInformation))
        app.press(.enter)
        try await app.waitFor(ProfileCopy.profileSaved)
        app.press(.escape)
        #expect(app.contains("▸ 3  Profile"))
        #expect(app.lines[10].hasSuffix("names saved 22:13 (mock: forgotten at exit)  │"))

        // And x forgets the flow's progress: the line says so at once.
        app.press(.char("1"))
        try await app.waitFor("Screen B")
        app.press(.char("q"))
        #expect(app.lines[4].contains("resume at Screen B"))
        app.press(.char("x"), .char("y"))
        #expect(app.lines[4].hasSuffix("not started  │"))
    }

    @Test func aRecordTheStoreCannotOpenIsSaidOnItsLine() throws {
        let app = try ShellHarness(store: CountingStore(InMemoryRecordStore(), failing: NavigationProgressStore.defaultRecordName))
        try app.runUntilQuiet()
        #expect(app.lines[4].hasSuffix("stored data unreadable, set aside  │"))
        #expect(app.lines[7].hasSuffix("nothing stored yet  │"))
    }

    /// Every description fits at 80 columns, in full.
    @Test func theDescriptionsFitAt80Columns() throws {
        let app = try ShellHarness()
        for challenge in Challenge.all {
            #expect(app.contains(challenge.summary), "\(challenge.id)")
        }
        #expect(!app.lines.contains { $0.contains("…") })
        // The backend is named once.
        #expect(app.lines[20] == "│  Mock backend (scenario instant)                                             │")
    }

    /// `x` forgets only the selected challenge's progress, after asking; No keeps it.
    @Test func xForgetsTheSelectedChallengeOnlyAfterAsking() throws {
        let store = try Self.storeWithProgress()
        let app = try ShellHarness(store: store)
        try app.runUntilQuiet()
        app.press(.down, .down)
        #expect(app.contains("▸ 3  Profile"))
        app.press(.char("x"))
        #expect(app.contains("Forget when the profile was last saved (names saved 13 Nov"), "asks, saying what goes")
        #expect(app.lines[23].contains("y forget · n keep"))
        app.press(.char("n"))
        #expect(!app.contains("Forget progress"))
        #expect(app.lines[10].contains("names saved 13 Nov 22:14"), "No keeps it")
        app.press(.char("x"), .char("y"))
        #expect(app.lines[10].hasSuffix("not saved yet  │"))
        #expect(app.contains("The profile's last save is forgotten"))
        #expect(app.lines[4].hasSuffix("resume at Screen C2 · Option 3  │"), "the others are kept")
        #expect(app.lines[7].hasSuffix("60 articles stored · synced 01:06  │"))

        // The articles: the stored list and its chunks go, nothing else.
        app.press(.up, .char("x"), .tab, .enter)
        #expect(app.lines[7].hasSuffix("nothing stored yet  │"))
        #expect(app.contains("The stored articles are forgotten"))
        #expect(try store.recordNames() == [NavigationProgressStore.defaultRecordName])
    }

    @Test func xWithNothingKeptSaysSoWithoutAsking() throws {
        let app = try ShellHarness()
        try app.runUntilQuiet()
        app.press(.down, .char("x"))
        #expect(app.contains("Articles: nothing to forget"))
        #expect(!app.contains("Forget progress"))
    }

    /// With a store that could not be opened, every line says that what it counts is in memory
    /// only, and the launcher why (Docs/security.md, "Two copies on one data folder").
    @Test func anUnusableStoreSaysInMemoryOnlyOnEveryLine() async throws {
        let app = try ShellHarness(store: try Self.storeWithProgress(), storeProblem: .io("/srv/file exists and is not a folder"))
        try await app.waitFor("Nothing will be kept: Storage problem: /srv/file")
        #expect(app.lines[4].hasSuffix("resume at Screen C2 · Option 3 (in memory only)  │"))
        #expect(app.lines[7].hasSuffix("60 articles in memory only  │"))
        #expect(app.lines[10].hasSuffix("names saved 13 Nov 22:14 (in memory only)  │"))
        #expect(app.contains("Nothing will be kept: the data folder is unusable"))
    }

    /// The mock forgets a saved profile at exit; a real server keeps it, and the line says no more.
    @Test func theProfilesLineSaysTheMockForgetsAtExit() throws {
        let store = try Self.storeWithProgress()
        let standing = try #require(Challenge.profile.standing)
        let utc = TimeZone(identifier: "UTC")
        #expect(try standing(StandingContext(store: store, now: testEpoch, timeZone: utc)) == "names saved 13 Nov 22:14")
        #expect(
            try standing(StandingContext(store: store, now: testEpoch, timeZone: utc, isMockBackend: true))
                == "names saved 13 Nov 22:14 (mock: forgotten at exit)")
    }

    @Test func localTimesAreTodayOrADayAndATime() {
        let context = StandingContext(store: InMemoryRecordStore(), now: testEpoch, timeZone: TimeZone(identifier: "UTC"))
        #expect(context.clockTime(testEpoch.addingTimeInterval(-60)) == "22:12")
        #expect(context.clockTime(testEpoch.addingTimeInterval(-86_400)) == "13 Nov 22:13")
        let tokyo = StandingContext(store: InMemoryRecordStore(), now: testEpoch, timeZone: TimeZone(secondsFromGMT: 9 * 3600))
        #expect(tokyo.clockTime(testEpoch) == "07:13", "the next morning there, and today")
    }

    @Test func theFlowSaysWhereAReturningUserResumes() {
        #expect(NavigationProgress(screen: .c2, experiment: .screenB2, b2Checked: 2, cameFrom: .b2).resumePoint == "Screen C2 · Option 3")
        #expect(NavigationProgress(screen: .c1, experiment: .screenB1, b1Selection: 4, cameFrom: .b1).resumePoint == "Screen C1 · Choice E")
        #expect(NavigationProgress(screen: .b2, experiment: .screenB2).resumePoint == "Screen B2")
        #expect(NavigationProgress(screen: .c2, experiment: .screenB3, cameFrom: .b3).resumePoint == "Screen C2")
        #expect(NavigationProgress(screen: .a).resumePoint == "Screen A")
    }
}

/// A store that counts reads and can refuse one record as damaged.
final class CountingStore: RecordStore, @unchecked Sendable {
    private let base: any RecordStore
    private let failing: String?
    private(set) var reads = 0

    init(_ base: any RecordStore, failing: String? = nil) {
        self.base = base
        self.failing = failing
    }

    func read(_ name: String) throws(StoreError) -> Data? {
        reads += 1
        if name == failing { throw .damaged(name: name, movedTo: name + ".damaged", reason: "tampered") }
        return try base.read(name)
    }

    func write(_ data: Data, to name: String) throws(StoreError) { try base.write(data, to: name) }
    func remove(_ name: String) throws(StoreError) { try base.remove(name) }
}
