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
        effects.compactMap { if case .load(let url, _) = $0 { url } else { nil } }
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
        let expected = ([PictureEffect.retryID(urls[1])] + urls[2...5].map(PictureEffect.loadID)).sorted()
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
}
