import ArticleDetails
import Core
import Imaging
import Testing

/// The header images' reducer: what is fetched, how many at once, the one retry, and what
/// scrolling does to the queue (Docs/images.md, "In the app").
@Suite(.timeLimit(.minutes(10))) struct PictureLoadingTests {
    static let picture = Picture(Bitmap(width: 2, height: 1, color: PixelColor(red: 10, green: 20, blue: 30)))
    static func urls(_ range: ClosedRange<Int>) -> [String] { range.map { "http://pictures.example/\($0).png" } }
    static func loads(_ effects: [PictureEffect]) -> [String] {
        effects.compactMap { if case .load(let url, _, _) = $0 { url } else { nil } }
    }

    @Test func atMostFourDownloadsAtOnceTheRestQueuedInScreenOrder() {
        var loading = PictureLoading()
        let urls = Self.urls(1...6)
        let effects = loading.reduce(.shown(urls))
        #expect(effects == urls.prefix(4).map { .load(url: $0, attempt: 1) })
        #expect(loading.downloading == 4)
        #expect(loading.queue == Array(urls.suffix(2)))
        // One finishes: the next in line starts, still four at once.
        #expect(loading.reduce(.loaded(url: urls[0], Self.picture)) == [.load(url: urls[4], attempt: 1)])
        #expect(loading.picture(for: urls[0]) == Self.picture)
        #expect(loading.reduce(.failed(url: urls[1], attempt: 1, .undecodable("cut short"))) == [.load(url: urls[5], attempt: 1)])
        #expect(loading.downloading == 4)
        #expect(loading.queue.isEmpty)
    }

    @Test func onlyWhatIsOnScreenIsRequested() {
        var loading = PictureLoading()
        let effects = loading.reduce(.shown(Self.urls(1...2) + ["", Self.urls(1...1)[0]]))
        #expect(Self.loads(effects) == Self.urls(1...2), "empty and repeated URLs are asked for once, not at all")
        #expect(loading.statuses.count == 2)
    }

    @Test func scrollingDropsWhatLeftTheQueueAndPutsTheNewRowsFirst() {
        var loading = PictureLoading()
        _ = loading.reduce(.shown(Self.urls(1...6)))
        // Scrolled down: 5 and 6 left the screen before their turn; 7 and 8 came.
        let effects = loading.reduce(.shown(Self.urls(3...4) + Self.urls(7...8)))
        #expect(effects.isEmpty, "the four downloads under way finish (their bytes go to the cache)")
        #expect(loading.queue == Self.urls(7...8))
        #expect(loading.status(of: Self.urls(5...5)[0]) == nil)
        #expect(Self.loads(loading.reduce(.loaded(url: Self.urls(1...1)[0], Self.picture))) == Self.urls(7...7))
    }

    @Test func aTransientFailureIsRetriedOnceAfterTwoSecondsThenTheURLStaysWithoutPicture() {
        var loading = PictureLoading()
        let url = Self.urls(1...1)[0]
        _ = loading.reduce(.shown([url]))
        #expect(loading.reduce(.failed(url: url, attempt: 1, .download(.timedOut))) == [.waitToRetry(url: url, .seconds(2))])
        #expect(loading.status(of: url) == .waitingToRetry)
        #expect(loading.reduce(.retryDue(url: url)) == [.load(url: url, attempt: 2)])
        #expect(loading.reduce(.failed(url: url, attempt: 2, .download(.http(status: 503, body: "")))) == [])
        #expect(loading.status(of: url) == .failed(.download(.http(status: 503, body: ""))))
        // Shown again: no third try this session.
        #expect(loading.reduce(.shown([url])) == [])
    }

    @Test func whatRetryingCannotChangeIsNotRetried() {
        var loading = PictureLoading()
        let urls = Self.urls(1...3)
        _ = loading.reduce(.shown(urls))
        #expect(loading.reduce(.failed(url: urls[0], attempt: 1, .download(.http(status: 404, body: "")))) == [])
        #expect(loading.reduce(.failed(url: urls[1], attempt: 1, .download(.responseTooLarge(limit: 5 << 20)))) == [])
        #expect(loading.reduce(.failed(url: urls[2], attempt: 1, .undecodable("The PNG image is cut short"))) == [])
        #expect(urls.allSatisfy { if case .failed = loading.status(of: $0) { true } else { false } })
    }

    @Test func aRetryDueOffScreenIsForgottenAndAskedForAfreshWhenShownAgain() {
        var loading = PictureLoading()
        let url = Self.urls(1...1)[0]
        _ = loading.reduce(.shown([url]))
        _ = loading.reduce(.failed(url: url, attempt: 1, .download(.offline)))
        _ = loading.reduce(.shown(Self.urls(2...2)))
        #expect(loading.reduce(.retryDue(url: url)) == [])
        #expect(loading.status(of: url) == nil)
        #expect(loading.reduce(.shown([url])) == [.load(url: url, attempt: 1)])
    }

    @Test func staleAnswersChangeNothing() {
        var loading = PictureLoading()
        let url = Self.urls(1...1)[0]
        let before = loading
        #expect(loading.reduce(.loaded(url: url, Self.picture)) == [])
        #expect(loading.reduce(.failed(url: url, attempt: 1, .download(.offline))) == [])
        #expect(loading.reduce(.retryDue(url: url)) == [])
        #expect(loading == before)
        _ = loading.reduce(.shown([url]))
        #expect(loading.reduce(.failed(url: url, attempt: 2, .download(.offline))) == [], "not the attempt under way")
    }

    @Test func leavingCancelsDownloadsAndTimersAndKeepsThePictures() {
        var loading = PictureLoading()
        let urls = Self.urls(1...6)
        _ = loading.reduce(.shown(urls))
        _ = loading.reduce(.loaded(url: urls[0], Self.picture))
        _ = loading.reduce(.failed(url: urls[1], attempt: 1, .download(.offline)))
        let effects = loading.reduce(.left)
        let expected = ([PictureEffectID.retry(urls[1])] + urls[2...5].map(PictureEffectID.load)).sorted()
        #expect(effects == [.cancel(expected)])
        #expect(loading.queue.isEmpty && loading.downloading == 0)
        #expect(loading.picture(for: urls[0]) == Self.picture)
    }

    @Test func decodedPicturesAreKeptBoundedNeverDroppingOneOnScreen() {
        var loading = PictureLoading()
        let total = PictureLoading.maxKeptPictures + 8
        for index in 0..<total {
            let url = "http://pictures.example/\(index).png"
            _ = loading.reduce(.shown([url, "http://pictures.example/0.png"]))
            _ = loading.reduce(.loaded(url: url, Self.picture))
        }
        let kept = loading.statuses.values.count { if case .loaded = $0 { true } else { false } }
        #expect(kept == PictureLoading.maxKeptPictures)
        #expect(loading.picture(for: "http://pictures.example/0.png") != nil, "on screen all along")
        #expect(loading.picture(for: "http://pictures.example/1.png") == nil, "the least recently shown went first")
    }

    // MARK: The box pictures are drawn in (Docs/images.md, "Sizes")

    static func reduced(_ width: Int, _ height: Int) -> Picture {
        Picture(Bitmap(width: width, height: height, color: PixelColor(red: 1, green: 2, blue: 3)), isReduced: true)
    }

    /// One URL whose list thumbnail (16 × 8 cells) has loaded, reduced.
    static func thumbnailLoaded() -> (PictureLoading, url: String, thumbnail: Picture) {
        var loading = PictureLoading()
        let url = urls(1...1)[0]
        let thumbnail = reduced(16, 8)
        _ = loading.reduce(.shown([url], box: PictureSize(columns: 16, rows: 4)))
        _ = loading.reduce(.loaded(url: url, thumbnail))
        return (loading, url, thumbnail)
    }

    @Test func picturesAreAskedForAtTheBoxTheyAreDrawnInRoundedUp() {
        var loading = PictureLoading()
        let url = Self.urls(1...1)[0]
        #expect(loading.reduce(.shown([url], box: PictureSize(columns: 4, rows: 2))) == [.load(url: url, attempt: 1, box: PictureSize(width: 16, height: 8))])
        #expect(loading.box == PictureSize(width: 16, height: 8))
        #expect(PictureSize(width: 999, height: 99).bucketed == Picture.keptBox, "never more than the most kept")
    }

    @Test func aLargerBoxLoadsThePictureAgainDrawingTheSmallerMeanwhile() {
        var (loading, url, thumbnail) = Self.thumbnailLoaded()
        // The article opened: its picture at 76 × 14 cells.
        let box = PictureSize(columns: 76, rows: 14)
        #expect(loading.reduce(.shown([url], box: box)) == [.load(url: url, attempt: 1, box: PictureSize(width: 80, height: 32))])
        #expect(loading.picture(for: url) == thumbnail, "the smaller one is drawn while the larger loads")
        let large = Self.reduced(56, 32)
        _ = loading.reduce(.loaded(url: url, large))
        #expect(loading.picture(for: url) == large)
        // Back on the list, or a terminal a little larger: nothing asked for again.
        #expect(loading.reduce(.shown([url], box: PictureSize(columns: 16, rows: 4))) == [])
        #expect(loading.reduce(.shown([url], box: PictureSize(columns: 79, rows: 15))) == [])
    }

    @Test func aPictureWithNothingMoreToShowIsNotAskedForAgain() {
        var loading = PictureLoading()
        let url = Self.urls(1...1)[0]
        let small = Picture(Bitmap(width: 8, height: 6, color: PixelColor(red: 1, green: 2, blue: 3)))
        _ = loading.reduce(.shown([url], box: PictureSize(columns: 8, rows: 3)))
        _ = loading.reduce(.loaded(url: url, small))
        #expect(loading.reduce(.shown([url], box: PictureSize(columns: 76, rows: 14))) == [], "it came whole: a larger box shows no more")
    }

    @Test func whenTheLargerFailsTheSmallerStaysWithoutARetry() {
        var (loading, url, thumbnail) = Self.thumbnailLoaded()
        _ = loading.reduce(.shown([url], box: PictureSize(columns: 76, rows: 14)))
        #expect(loading.reduce(.failed(url: url, attempt: 1, .download(.offline))) == [])
        #expect(loading.status(of: url) == .loaded(thumbnail))
    }

    @Test func leavingWhileTheLargerLoadsKeepsTheSmaller() {
        var loading = PictureLoading()
        let urls = Self.urls(1...6)
        for url in urls.prefix(5) {
            _ = loading.reduce(.shown([url], box: PictureSize(columns: 4, rows: 2)))
            _ = loading.reduce(.loaded(url: url, Self.reduced(4, 4)))
        }
        // Five larger decodings asked for: four load, one waits.
        _ = loading.reduce(.shown(Array(urls.prefix(5)), box: PictureSize(columns: 76, rows: 14)))
        #expect(loading.queue == [urls[4]])
        // Scrolled off before its turn: the smaller picture is still there.
        _ = loading.reduce(.shown([urls[5]], box: PictureSize(columns: 76, rows: 14)))
        #expect(loading.status(of: urls[4]) == .loaded(Self.reduced(4, 4)))
        _ = loading.reduce(.left)
        #expect(urls.prefix(4).allSatisfy { loading.status(of: $0) == .loaded(Self.reduced(4, 4)) })
    }

    @Test func decodingKeepsASmallPictureAsItIsAndShrinksALargeOneToTheBox() throws {
        let small = try Picture.decode(PictureFixture.png(width: 10, height: 6), fitting: PictureSize(width: 80, height: 32))
        #expect(small.bitmap.width == 10 && small.bitmap.height == 6 && !small.isReduced)
        #expect(!small.wantsMoreDetail(in: Picture.keptBox))
        let large = try Picture.decode(PictureFixture.png(width: 640, height: 360), fitting: PictureSize(width: 16, height: 8))
        #expect(large.bitmap.width == 15 && large.bitmap.height == 8 && large.isReduced)
        #expect(large.wantsMoreDetail(in: PictureSize(width: 80, height: 32)))
        #expect(!large.wantsMoreDetail(in: PictureSize(width: 16, height: 9)))
    }
}
