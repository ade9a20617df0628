@testable import AppShell
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

/// `--record` and `--replay` in the headless harness: a session recorded while the app runs
/// plays back into a fresh app frame for frame (Docs/recording.md).
@Suite(.timeLimit(.minutes(10))) struct RecordReplayTests {
    static let failingSignIn = {
        var scenario = Scenario(
            name: "sign-in-fails", description: "rLogin fails once", defaults: .instant,
            endpoints: [.rLogin: EndpointBehaviour(delay: 2...2, outcomes: .failNext(1, .status(500)))])
        scenario[NavigationSettings.experiment] = .screenB2
        return scenario
    }()

    @Test func theNavigationFlowThroughAFailingSignInReplaysFrameForFrame() async throws {
        let session = try await RecordedSession.record(options: ShellHarness.opening(.navigation), scenario: Self.failingSignIn) { app in
            try await app.waitFor("Screen B2")
            app.press(.char("n"), .escape, .down, .char(" "), .enter)
            try await app.waitFor("Screen C2")
            try await app.run(until: .seconds(1))
            app.press(.escape)
            try await app.waitFor("Screen B2")
            app.press(.enter)
            try await app.run(until: .seconds(20))
            try await app.waitFor("Screen D")
        }
        #expect(session.recording.frameCount > 10)
        try session.expectIdentical()
    }

    /// The launcher's lines come from the store, which a replay doesn't have: what it read is
    /// recorded, and the replay shows it.
    @Test func theLaunchersLinesReadFromTheStoreReplayAsRecorded() async throws {
        let session = try await RecordedSession.record(scenario: Self.failingSignIn) { app in
            try await app.waitFor("not started")
            app.press(.enter)
            try await app.waitFor("Screen B2")
            app.press(.char("q"))
            try await app.waitFor("resume at Screen B2")
        }
        let standings = session.objects.compactMap { ($0["answer"] as? [String: Any])?["standings"] as? [String: String] }
        #expect(standings.count == 2, "read after the first frame and after leaving the flow, answers for the launcher")
        #expect(standings.last?["navigation"]?.hasPrefix("resume at Screen B2") == true)
        try session.expectIdentical()
    }
}

extension RecordReplayTests {
    static let articlesFailTwice = Scenario(
        name: "articles-fail-twice", description: "the sync fails twice, then succeeds", defaults: .instant,
        endpoints: [
            .articles: EndpointBehaviour(delay: 0.5...0.5, outcomes: .failNext(2, .status(500))),
            .images: EndpointBehaviour(delay: 0.3...0.3, outcomes: .alwaysSucceed),
        ])

    @Test func theArticlesSyncWithRetriesAndPicturesReplaysFrameForFrame() async throws {
        let session = try await RecordedSession.record(options: ShellHarness.opening(.articles), scenario: Self.articlesFailTwice) { app in
            app.press(.char("n"), .escape)
            try await app.run(until: .seconds(6))
            try await app.waitFor("articles")
            for _ in 0..<12 { app.press(.down) }
            try await app.run(until: .seconds(8))
            app.press(.enter)
            try await app.run(until: .seconds(9))
            app.press(.escape, .char("r"))
            try await app.run(until: .seconds(12))
        }
        let answers = session.objects.compactMap { $0["answer"] as? [String: Any] }
        #expect(answers.contains { $0["pictureLoaded"] != nil }, "pictures came")
        #expect(answers.filter { $0["fetchFinished"] != nil }.count == 4, "two failures, a success, the retry's success")
        try session.expectIdentical()
    }

    @Test func theProfileFormWithEveryKindOfEditReplaysFrameForFrame() async throws {
        let session = try await RecordedSession.record(options: ShellHarness.opening(.profile)) { app in
            try await app.waitFor("BASIC INFORMATION")
            app.press(.tab, .ctrl("u"))
            app.type("Ada")
            app.focus(.save(.basicInformation))
            app.press(.enter)
            try await app.waitFor("✓ Profile saved")
            // Mismatched, then too short, then right: the form's checks come out the same on replay.
            app.fillPasswords(current: "password123", new: "correct horse", confirmation: "correct hose")
            app.press(.enter)
            try await app.waitFor("don't match")
            app.focus(.field(.passwordConfirmation))
            app.press(.backspace, .backspace, .backspace, .backspace)
            app.type("orse")
            app.focus(.field(.currentPassword))
            app.press(.left, .left, .ctrl("w"))
            app.paste("password123")
            app.focus(.save(.password))
            app.press(.enter)
            try await app.settle()
        }
        try session.expectIdentical()
    }

    @Test func aFrameThatDiffersIsNamedWithItsTimeAndLine() async throws {
        let session = try await RecordedSession.record(options: ShellHarness.opening(.navigation), scenario: Self.failingSignIn) { app in
            try await app.run(until: .seconds(4))
        }
        // Change the digest of the fourth frame, as a changed app would draw it.
        var lines = session.lines
        let index = try #require(lines.firstIndex { $0.contains("\"frame\":4,") })
        lines[index] = lines[index].replacingOccurrences(of: #""hash":"[0-9a-f]{12}""#, with: #""hash":"000000000000""#, options: .regularExpression)
        let changed = try SessionRecording.parse(Data(lines.joined(separator: "\n").utf8), file: "changed.jsonl", challenges: Challenge.all)
        let verdict = try SessionVerdict.check(changed)
        let difference = try #require(verdict.difference)
        #expect(difference.frame == 4 && difference.line == index + 1)
        #expect(verdict.summary.hasPrefix("frame 4 at "))
        #expect(verdict.summary.contains("differs: the replay drew") && verdict.summary.contains("(line \(index + 1)) has 000000000000"))
    }

    @Test func aReplayRunsNoEffectAndTouchesNoStoredData() async throws {
        let store = InMemoryRecordStore()
        let session = try await RecordedSession.record(
            options: ShellHarness.opening(.navigation), scenario: Self.failingSignIn, store: store
        ) { app in
            try await app.run(until: .seconds(4))
        }
        #expect(!store.names.isEmpty, "the live session stored its progress")
        let player = try SessionPlayer(session.recording)
        while try player.step() != .end {}
        #expect(player.environment.monitor.history.isEmpty, "no request was made")
        #expect(player.environment.store is InMemoryRecordStore)
        #expect((player.environment.store as? InMemoryRecordStore)?.names.isEmpty == true, "nothing was stored")
        #expect(player.shell.network.history.count == 3, "the inspector's rows came from the recording")
    }
}

/// Docs/recording.md, "No secrets": what is typed into a password field, the bearer token, the
/// key and the store's records never reach a recording.
@Suite(.timeLimit(.minutes(10))) struct RecordingSecretsTests {
    static let password = MockProfileAPI.defaultPassword
    static let newPassword = "tr0ub4dor&3xyz"

    @Test func aRecordingOfTheProfileFlowHoldsNeitherThePasswordNorTheToken() async throws {
        let token = DevToken.default
        let key = String(repeating: "ab", count: 32)
        let session = try await RecordedSession.record(
            options: ShellHarness.opening(.profile), environment: ["CHALLENGE_TUI_KEY": key]
        ) { app in
            try await app.waitFor("BASIC INFORMATION")
            app.fillPasswords(current: Self.password, new: Self.newPassword, confirmation: Self.newPassword)
            app.press(.enter)
            try await app.waitFor("Password changed")
            // Typed again after the change, and pasted: still placeholders.
            app.focus(.field(.currentPassword))
            app.type(Self.newPassword)
            app.paste(Self.password)
        }
        for secret in [Self.password, Self.newPassword, token, key] {
            #expect(!session.text.contains(secret), "the recording holds \(secret)")
        }
        // Every character typed into a password field is a placeholder of the same length.
        let typed = session.objects.compactMap { $0["char"] as? String }
        #expect(typed.filter { $0 == "•" }.count == 3 * Self.newPassword.count + Self.password.count)
        #expect(session.objects.compactMap { $0["paste"] as? String } == [String(repeating: "•", count: Self.password.count)])
        let placeholders = session.objects.compactMap { $0["secrets"] as? [String: [Any]] }
        let confirmation = try #require(placeholders.last { ($0["passwordConfirmation"]?.first as? String)?.count == Self.newPassword.count })
        #expect(confirmation["newPassword"]?.first as? String == confirmation["passwordConfirmation"]?.first as? String,
                "equal passwords have equal placeholders")
        try session.expectIdentical()
    }

    /// Which screen has password fields is looked up once per screen: the profile opened after
    /// the article list was closed (it may be made where the list was) is looked up afresh.
    @Test func aPasswordTypedInAProfileOpenedAfterAnotherChallengeIsStillAPlaceholder() async throws {
        let session = try await RecordedSession.record { app in
            app.press(.char("2"))
            try await app.waitFor("synced at")
            app.press(.down, .up, .char("q"))
            try await app.waitFor("▸ 2  Articles")
            app.press(.char("3"))
            try await app.waitFor("BASIC INFORMATION")
            app.focus(.field(.currentPassword))
            app.type(Self.newPassword)
        }
        #expect(!session.text.contains(Self.newPassword))
        #expect(session.objects.compactMap { $0["char"] as? String }.filter { $0 == "•" }.count == Self.newPassword.count)
        try session.expectIdentical()
    }

    @Test func placeholdersKeepWhichPasswordsAreEqualAndLeaveUneditedFieldsAlone() {
        var letters = SecretLetters()
        func shapes(_ texts: [String]) -> [SecretLetters.Shape] {
            texts.enumerated().map { index, text in
                SecretLetters.Shape(name: "f\(index)", length: text.count, cursor: text.count, group: texts.firstIndex(of: text)!)
            }
        }
        func placeholders(_ texts: [String]) -> [String] {
            let made = letters.placeholders(for: shapes(texts))
            return texts.indices.map { made.fields["f\($0)"]!.text }
        }
        #expect(placeholders(["secret12", "", ""]) == ["aaaaaaaa", "", ""])
        #expect(placeholders(["secret12", "secret12", ""]) == ["aaaaaaaa", "aaaaaaaa", ""])
        #expect(placeholders(["secret12", "secret12", "secret1"]) == ["aaaaaaaa", "aaaaaaaa", "bbbbbbb"])
        // The current password edited: the new one, equal to it before, keeps its letter.
        #expect(placeholders(["secret123", "secret12", "secret1"]) == ["ccccccccc", "aaaaaaaa", "bbbbbbb"])
        #expect(placeholders(["secret123", "secret12", "secret12"]) == ["ccccccccc", "aaaaaaaa", "aaaaaaaa"])
    }
}

/// Docs/recording.md, "Size": a five-minute session with pictures stays under 2 MB; lists and
/// pictures are written once however often they come back.
@Suite(.timeLimit(.minutes(10))) struct RecordingSizeTests {
    @Test func aFiveMinuteSessionWithPicturesStaysUnderTwoMegabytes() async throws {
        let session = try await RecordedSession.record(options: ShellHarness.opening(.articles), scenario: .builtInDefault) { app in
            var time = Duration.zero
            for second in stride(from: 0, to: 300, by: 2) {
                time = .seconds(second)
                try await app.run(until: time)
                switch second % 60 {
                case 58: app.press(.char("r"))  // a sync a minute, the spinner turning meanwhile
                case 20: app.press(.enter)      // an article's page with its picture
                case 26: app.press(.escape)
                default: app.press(second % 120 < 60 ? .down : .up)
                }
            }
            try await app.run(until: .seconds(300))
        }
        let size = session.text.utf8.count
        #expect(size < 2 << 20, "\(size) bytes")
        let answers = session.objects.compactMap { $0["answer"] as? [String: Any] }
        let pictures = answers.filter { $0["pictureLoaded"] != nil }
        #expect(pictures.count >= 20, "the pictures of every row scrolled past")
        let lists = answers.filter { $0["fetchFinished"] != nil }.compactMap { ($0["result"] as? [String: Any])?["ok"] as? [String: Any] }
        #expect(lists.count >= 5)
        #expect(lists.filter { ($0["articles"] as? [String: Any])?["value"] != nil }.count == 1, "the list is written once")
        try session.expectIdentical()
    }
}
