import ArticleDetails
import Core
import CoreTesting
import Foundation
import Imaging
import Testing

/// The header images' runtime on a manual clock and a manual executor: the retry wait, the
/// timeout, decoding and its failures, the cache in front of the network.
@Suite(.timeLimit(.minutes(10))) struct PictureRuntimeTests {
    let clock = ManualClock()
    let executor = ManualExecutor()

    func runtime(_ source: any PictureSource, store: any RecordStore = InMemoryRecordStore(), logger: Logger = .disabled) -> PictureRuntime {
        PictureRuntime(source: source, cache: PictureCache(store: store), clock: clock, logger: logger, decodesOffThread: false)
    }

    @Test func theRetryWaitsTwoSecondsOnTheClock() {
        let events = PictureEvents()
        let url = PictureFixture.url
        PictureFixture.start(runtime(ScriptedPictureSource(.failure(.offline))), .waitToRetry(url: url, PictureLoading.retryDelay), on: executor, into: events)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1999))
        executor.runUntilIdle()
        #expect(events.all.isEmpty)
        clock.advance(by: .milliseconds(1))
        executor.runUntilIdle()
        #expect(events.all == [.retryDue(url: url)])
    }

    @Test func aDownloadThatNeverAnswersTimesOut() {
        let events = PictureEvents()
        let url = PictureFixture.url
        PictureFixture.start(runtime(ScriptedPictureSource(.hang(clock))), .load(url: url, attempt: 1), on: executor, into: events)
        clock.advance(by: PictureRuntime.timeout - .milliseconds(1))
        executor.runUntilIdle()
        #expect(events.all.isEmpty)
        clock.advance(by: .milliseconds(1))
        executor.runUntilIdle()
        #expect(events.all == [.failed(url: url, attempt: 1, .download(.timedOut))])
    }

    @Test func aPictureIsDecodedScaledToWhatIsDrawnAndCached() throws {
        let events = PictureEvents()
        let store = InMemoryRecordStore()
        let url = PictureFixture.url
        let box = PictureSize(width: 80, height: 16)
        PictureFixture.start(
            runtime(ScriptedPictureSource(.bytes(try PictureFixture.png())), store: store), .load(url: url, attempt: 1, box: box),
            on: executor, into: events)
        guard case .loaded(url, let picture)? = events.all.first else {
            Issue.record("no picture: \(events.all)")
            return
        }
        // 640 × 360 kept at 28 × 16: no larger than the box it is drawn in.
        #expect(picture.bitmap.width == 28 && picture.bitmap.height == 16 && picture.isReduced)
        #expect(store.names.contains(PictureCache.recordName(for: url)))

        // Offline later: the cache answers, the network is not asked.
        let offline = ScriptedPictureSource(.failure(.offline))
        let again = PictureEvents()
        PictureFixture.start(runtime(offline, store: store), .load(url: url, attempt: 1, box: box), on: executor, into: again)
        #expect(again.all == [.loaded(url: url, picture)])
        // A larger box: decoded again from the cache, larger.
        let larger = PictureEvents()
        PictureFixture.start(
            runtime(offline, store: store), .load(url: url, attempt: 1, box: PictureSize(width: 320, height: 40)), on: executor,
            into: larger)
        guard case .loaded(url, let big)? = larger.all.first else {
            Issue.record("no picture: \(larger.all)")
            return
        }
        #expect(big.bitmap.width == 72 && big.bitmap.height == 40)
        #expect(offline.requests == 0)
        #expect(offline.requests == 0)
    }

    @Test func bytesThatAreNoPictureGiveNoPictureAndOneLogLine() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("app.log"), time: .frozen())
        let events = PictureEvents()
        let store = InMemoryRecordStore()
        var cut = try PictureFixture.png()
        cut.removeLast(cut.count / 2)
        for (index, bytes) in [Data("<html>oops</html>".utf8), cut].enumerated() {
            let url = "http://pictures.example/\(index).png"
            PictureFixture.start(runtime(ScriptedPictureSource(.bytes(bytes)), store: store, logger: logger), .load(url: url, attempt: 1), on: executor, into: events)
        }
        #expect(events.all.count == 2)
        #expect(events.all.allSatisfy { if case .failed(_, 1, .undecodable) = $0 { true } else { false } })
        let log = try String(contentsOfFile: folder.file("app.log"), encoding: .utf8)
        let lines = log.split(separator: "\n")
        #expect(lines.count == 2, "one line each:\n\(log)")
        #expect(lines.allSatisfy { $0.contains("does not decode") })
        #expect(lines[1].contains("cut short"))
        #expect(!store.names.contains { $0.hasPrefix("picture.") }, "what does not decode is not cached")
    }

    /// Without libpng (the seam: `CodecAvailability.missing`) a PNG is no picture, said once in
    /// the log for every picture that needs it, and not retried (Docs/images.md, "In the app").
    @Test func aPictureWhoseLibraryIsMissingIsLoggedOnceAndNotRetried() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("app.log"), time: .frozen())
        let events = PictureEvents()
        let png = try PictureFixture.png()
        let loader = runtime(ScriptedPictureSource(.bytes(png)), logger: logger)
        CodecAvailability.$missing.withValue([.png]) {
            for index in 0..<3 {
                PictureFixture.start(loader, .load(url: "http://pictures.example/\(index).png", attempt: 1), on: executor, into: events)
            }
        }
        #expect(events.all.count == 3)
        for event in events.all {
            guard case .failed(_, 1, let failure) = event else {
                Issue.record("not a failure: \(event)")
                continue
            }
            #expect(failure.description == "PNG pictures need libpng16-16 (treated as missing).")
            #expect(!failure.isTransient, "no retry: the library will not appear")
        }
        let lines = try String(contentsOfFile: folder.file("app.log"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.contains("PNG pictures need libpng16-16") == true, "\(lines)")
        #expect(!lines.joined().contains("500"))
    }

    /// The mock's own pictures show without the libraries: it writes them as BMP then.
    @Test func theMockServesBMPWhenThePictureLibrariesAreMissing() throws {
        try CodecAvailability.$missing.withValue([.png, .jpeg]) {
            for url in ["http://dummyimage.com/30x20.png/09f/fff", "https://images.example.com/covers/1.jpg", "http://dummyimage.com/30x20.gif"] {
                let bytes = [UInt8](try MockPictureSource.picture(for: url).get())
                #expect(ImageFormat.sniff(bytes) == (url.hasSuffix(".gif") ? .gif : .bmp), "\(url)")
                #expect(try Picture.decode(bytes).bitmap.width > 0)
            }
        }
    }

    @Test func aTooLargeAnswerIsNoPicture() {
        let events = PictureEvents()
        let url = PictureFixture.url
        PictureFixture.start(runtime(ScriptedPictureSource(.failure(.responseTooLarge(limit: 5 << 20)))), .load(url: url, attempt: 1), on: executor, into: events)
        #expect(events.all == [.failed(url: url, attempt: 1, .download(.responseTooLarge(limit: 5 << 20)))])
        // Past the cap after decompression the decoder refuses as well (ImageLimits.standard).
        let huge = Data(repeating: 0, count: 5 * 1024 * 1024 + 1)
        #expect(throws: ImageError.self) { try Picture.decode([UInt8](huge)) }
    }

    @Test func theHTTPSourceAsksForAnImageWithTheAppsClient() async throws {
        let client = StubHTTPClient(status: 200, body: "bytes")
        let source = HTTPPictureSource(client: client)
        #expect(try await source.fetch(PictureFixture.url, attempt: 2) == Data("bytes".utf8))
        let request = try #require(client.requests.first)
        #expect(request.kind == .image && request.attempt == 2 && request.url.absoluteString == PictureFixture.url)
        await #expect(throws: APIError.self) { try await source.fetch("file:///etc/passwd", attempt: 1) }
    }

    @Test func theMockServesRealPicturesForEveryKindOfURL() throws {
        for url in [PictureFixture.url, "http://dummyimage.com/322x706.gif/285e61/e6fffa", "http://dummyimage.com/300x200.jpg",
                    "https://images.example.com/header.jpg", "https://cdn.example.org/a.png"] {
            let bytes = try MockPictureSource.picture(for: url).get()
            let picture = try Picture.decode([UInt8](bytes))
            #expect(picture.bitmap.height <= Picture.keptBox.height, "\(url)")
        }
        #expect(try MockPictureSource.picture(for: "https://a.example/x.png").get() == MockPictureSource.picture(for: "https://a.example/x.png").get(), "the same every run")
        #expect(try MockPictureSource.picture(for: "https://a.example/x.png").get() != MockPictureSource.picture(for: "https://a.example/y.png").get())
        #expect(throws: APIError.self) { try MockPictureSource.picture(for: "http://dummyimage.com/99999x2").get() }
    }
}
