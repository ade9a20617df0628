@testable import AppShell
import ArticleDetails
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import CoreTesting
import Foundation
import Imaging
import Navigation
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// Every answer each challenge can receive, written as a recording writes it and read back to
/// the same answer (written again, the same JSON); events no effect sends are not written.
/// Docs/recording.md, "The format".
@Suite(.timeLimit(.minutes(10))) struct AnswerCodecTests {
    static let errors: [APIError] = [
        .offline, .connectionRefused, .timedOut, .cancelled, .http(status: 503, body: "busy"), .undecodable("no list"),
        .responseTooLarge(limit: 8 << 20), .brokenAnswer(.cutShort),
    ]
    static let storeErrors: [StoreError] = [
        .damaged(name: "articles", movedTo: "articles.damaged-1", reason: "tag"), .key("bad"),
        .wrongKey(keySource: "CHALLENGE_TUI_KEY", directory: "/d"), .io("disk full"),
    ]

    /// Writes `event`, reads it back, writes it again: the same JSON both times.
    private func roundTrip<F: RecordableFeature>(_ event: F.Event, _ feature: F.Type, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = try #require(F.recordAnswer(event, blobs: SessionBlobs()), sourceLocation: sourceLocation)
        let read = try F.replayAnswer(JSONReader(file: "t", value: written), blobs: SessionBlobs())
        #expect(F.recordAnswer(read, blobs: SessionBlobs()) == written, sourceLocation: sourceLocation)
    }

    @Test func theFlowsAnswersRoundTrip() throws {
        let progress = NavigationProgress(screen: .c2, experiment: .screenB2, b1Selection: 2, b2Checked: 3, cameFrom: .b2)
        var events: [NavigationEvent] = [
            .progressLoaded(.success(progress)), .progressLoaded(.success(nil)), .progressLoaded(.success(NavigationProgress(screen: .a))),
            .loginFinished(attempt: 2, result: .success("9b1deb4d"), at: .milliseconds(4_500)),
            .experimentsFetched(.success(.noScreenB)),
            .submitFinished(Submission(screen: .b1, selection: "Choice C"), error: nil),
            .timerFired(.cMinimum), .progressSaved(revision: 7),
        ]
        events += Self.errors.map { .loginFinished(attempt: 1, result: .failure($0), at: .seconds(1)) }
        events += Self.errors.map { .experimentsFetched(.failure($0)) }
        events += Self.errors.map { .submitFinished(Submission(screen: .b2, selection: "Option 1"), error: $0) }
        events += Self.storeErrors.map { .progressLoaded(.failure($0)) }
        events += Self.storeErrors.map { .progressSaveFailed($0, revision: 3) }
        for event in events { try roundTrip(event, NavigationFeature.self) }
        for key in [NavigationEvent.start, .leave, .moveUp, .moveDown, .toggle, .next, .back, .retry] {
            #expect(NavigationFeature.recordAnswer(key, blobs: SessionBlobs()) == nil, "\(key) comes from a key")
        }
    }

    @Test func theArticlesAnswersRoundTripWithListsAndPicturesAsBlobs() throws {
        let list = SampleArticles.articles(count: 3)
        var flat = Bitmap(width: 12, height: 4, color: PixelColor(red: 0x1e, green: 0x1e, blue: 0x1e))
        flat[3, 1] = .white
        var noisy = Bitmap(width: 32, height: 2, color: .black)
        for x in 0..<32 {
            for y in 0..<2 { noisy[x, y] = PixelColor(red: UInt8(x * 7), green: UInt8(y * 90), blue: 3) }
        }
        var events: [ArticlesFeature.Event] = [
            .domain(.cacheLoaded(.success(StoredArticles(articles: ArticleList(list), unreadableCount: 1, storedCount: 40)))),
            .domain(.cacheLoaded(.success(nil))),
            .domain(.fetchFinished(attempt: 3, .success(DecodedArticles(articles: list, unreadableCount: 2)), at: WallClockTime(hour: 9, minute: 5))),
            .domain(.syncProgress(attempt: 1, .receiving(bytes: 1_000, of: 5_000))), .domain(.syncProgress(attempt: 1, .receiving(bytes: 10, of: nil))),
            .domain(.syncProgress(attempt: 1, .reading(count: 60))), .domain(.syncProgress(attempt: 2, .sorting(count: 60))),
            .domain(.timerFired(.retry)), .domain(.cacheSaved(nil)),
            .pictures(.loaded(url: "http://dummyimage.com/640x360.png/5fa2dd/ffffff", Picture(flat))),
            .pictures(.loaded(url: "http://example.test/photo.jpg", Picture(noisy))),
            // Reduced to its box: a larger box asks for it again, in the replay as it did live.
            .pictures(.loaded(url: "http://example.test/large.jpg", Picture(noisy, isReduced: true))),
            .pictures(.failed(url: "http://x", attempt: 2, .undecodable("not a picture"))), .pictures(.retryDue(url: "http://x")),
        ]
        events += Self.errors.map { .domain(.fetchFinished(attempt: 1, .failure($0), at: WallClockTime(hour: 23, minute: 59))) }
        events += Self.errors.map { .pictures(.failed(url: "http://x", attempt: 1, .download($0))) }
        events += Self.storeErrors.map { .domain(.cacheLoaded(.failure($0))) }
        events += Self.storeErrors.map { .domain(.cacheSaved($0)) }
        for event in events { try roundTrip(event, ArticlesFeature.self) }
        // The typed timer id is written as the string recordings have always held.
        #expect(ArticlesFeature.recordAnswer(.domain(.timerFired(.retry)), blobs: SessionBlobs())?.description == #"{"timerFired":"articles.retry"}"#)
        for key: ArticlesFeature.Event in [.select(.down), .scroll(.up), .domain(.retry), .domain(.open(articleID: 1)), .pictures(.left)] {
            #expect(ArticlesFeature.recordAnswer(key, blobs: SessionBlobs()) == nil)
        }
        // A flat picture is written as runs, a photograph as base64; the second time, by number.
        let blobs = SessionBlobs()
        let picture = try #require(ArticlesFeature.recordAnswer(events[9], blobs: blobs))
        #expect(picture.description.contains(#""runs":"15*1e1e1eff,ffffffff,32*1e1e1eff""#))
        #expect(ArticlesFeature.recordAnswer(events[10], blobs: blobs)?.description.contains(#""rgba":""#) == true)
        #expect(ArticlesFeature.recordAnswer(events[9], blobs: blobs)?.description == #"{"picture":{"blob":1},"pictureLoaded":"http://dummyimage.com/640x360.png/5fa2dd/ffffff","reduced":false}"#)
    }

    @Test func aPictureOrAListNoEffectCouldMakeIsRefused() {
        func refusal(_ json: String) -> String? {
            do {
                let value = try JSONParser.parse(Array(json.utf8))
                _ = try ArticlesFeature.replayAnswer(JSONReader(file: "t", value: value), blobs: SessionBlobs())
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal(#"{"pictureLoaded":"u","picture":{"blob":1,"value":{"width":400,"height":2,"runs":"800*00000000"}}}"#)?
            .contains("picture.value.width: expected a whole number from 0 to 320") == true)
        #expect(refusal(#"{"pictureLoaded":"u","picture":{"blob":1,"value":{"width":2,"height":2,"runs":"3*000000ff"}}}"#)?
            .contains("3 pixels for a picture of 2 × 2") == true)
        #expect(refusal(#"{"pictureLoaded":"u","picture":{"blob":1,"value":{"width":2,"height":2,"runs":"9*000000ff"}}}"#)?
            .contains("expected runs such as") == true)
        #expect(refusal(#"{"pictureLoaded":"u","picture":{"blob":2}}"#)?.contains("blob 2 is used before it is defined") == true)
        #expect(refusal(#"{"fetchFinished":1,"at":"25:00","result":{"ok":{"articles":{"blob":1,"value":[]},"unreadable":0}}}"#)?
            .contains("expected HH:MM") == true)
        #expect(refusal(#"{"fetchFinished":1,"at":"09:00","result":{"ok":{"articles":{"blob":1,"value":[{"id":1,"title":"t","description":"d","author":"a","date":"2/30/2020","image":"i"}]},"unreadable":0}}}"#)?
            .contains("expected M/D/YYYY") == true)
        #expect(refusal(#"{"fetchFinished":1,"at":"09:00","result":{"error":{"status":99,"body":""}}}"#)?
            .contains("expected a whole number from 100 to 599") == true)
        #expect(refusal(#"{"fetchFinished":1,"at":"09:00","result":{"error":"lost"}}"#)?.contains("expected offline") == true)
        #expect(refusal(#"{"syncProgress":1,"progress":{}}"#)?.contains("expected receiving, reading or sorting") == true)
        #expect(refusal(#"{"cacheLoaded":{"error":{}}}"#)?.contains("expected a store error") == true)
        #expect(refusal(#"{"cacheLoaded":{}}"#)?.contains("expected ok or error") == true)
        #expect(refusal("{}")?.contains("not an answer the articles challenge receives") == true)
    }

    @Test func theProfilesAnswersRoundTrip() throws {
        let profile = UserProfile(firstName: "Ada", userName: "ada", lastName: "Lovelace")
        var events: [ProfileFeature.Event] = [
            .domain(.loaded(.success(profile))), .domain(.basicInformationSaved(.success(profile))),
            .domain(.passwordChanged(.success(Acknowledgement()))),
        ]
        events += Self.errors.map { .domain(.passwordChanged(.failure($0))) }
        events += Self.errors.map { .domain(.loaded(.failure($0))) }
        for event in events { try roundTrip(event, ProfileFeature.self) }
        #expect(ProfileFeature.recordAnswer(.edit(.newPassword, .char("x")), blobs: SessionBlobs()) == nil)
        #expect(throws: ConfigurationError.self) {
            try ProfileFeature.replayAnswer(JSONReader(file: "t", value: .object([:])), blobs: SessionBlobs())
        }
    }

    @Test func theFlowsTimelineSaysWhatEachAnswerLedTo() {
        var feature = NavigationFeature(environment: AppEnvironment(options: LaunchOptions(), time: .frozen(), challenges: Challenge.all))
        _ = feature.reduce(.start, at: .zero)
        _ = feature.reduce(.loginFinished(attempt: 1, result: .failure(.http(status: 500, body: "")), at: .seconds(1)), at: .seconds(1))
        let failed = feature.timelineName(of: .loginFinished(attempt: 1, result: .failure(.http(status: 500, body: "")), at: .seconds(1)), at: .seconds(1))
        #expect(failed.hasPrefix("rLogin answer: 500 (attempt 1) · A · Sign-in attempt 1 failed, next try in 1 s"))
        #expect(feature.timelineName(of: .experimentsFetched(.success(.screenB1)), at: .seconds(1)).hasPrefix("rFetchExperiments answer: screenB1 · "))
        #expect(feature.timelineName(of: .experimentsFetched(.failure(.timedOut)), at: .seconds(1)).hasPrefix("rFetchExperiments answer: timeout"))
        #expect(feature.timelineName(of: .submitFinished(Submission(screen: .b1, selection: "Choice A"), error: nil), at: .zero)
            .hasPrefix("rSubmitSelection answer: 200 (Choice A)"))
        #expect(feature.timelineName(of: .timerFired(.loginRetry), at: .zero).hasPrefix("time for the next sign-in try · "))
        #expect(feature.timelineName(of: .moveDown, at: .zero).hasPrefix("selection down · "))
    }

    @Test func aSteppedClockWakesASleeperWhenMovedPastItsDeadline() async throws {
        let clock = SteppedClock()
        let task = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(2))) }
        await Task.yield()
        clock.move(to: .seconds(1))
        clock.move(to: .milliseconds(500))
        #expect(clock.now.offset == .seconds(1), "never backwards")
        clock.move(to: .seconds(2))
        try await task.value
        try await clock.sleep(until: clock.now)  // due already: returns at once
        #expect(clock.minimumResolution == .zero)
        let time = TimeSource.stepped(by: clock, wallAtOrigin: testEpoch)
        clock.move(to: .seconds(5))
        #expect(time.elapsed == .seconds(3), "measured from when the time source was made")
    }
}
