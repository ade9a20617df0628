/// The header images' loading, as a pure state machine (Docs/images.md, "In the app"): which
/// URLs are on screen, which wait for a download slot, which are downloading, loaded or failed.
/// At most `maxDownloads` at once; only what is on screen is fetched, decoded for the box it is
/// drawn in; a failure that may go away is retried once after `retryDelay`, then the URL stays
/// without a picture (no retry storm). A picture shown in a box clearly larger than it was
/// decoded for is loaded again (from the cache), the smaller one drawn meanwhile.
public struct PictureLoading: Hashable, Sendable {
    public static let maxDownloads = 4
    public static let retryDelay: Duration = .seconds(2)
    /// Decoded pictures kept in memory (each at most the box it was shown in, and
    /// `Picture.keptBox`, 60 KB): the least recently shown go first, never one on screen.
    public static let maxKeptPictures = 64

    public enum Status: Hashable, Sendable {
        /// Waiting for a download slot.
        case queued(attempt: Int)
        case loading(attempt: Int)
        case waitingToRetry
        case loaded(Picture)
        /// No picture this session: the screens draw it from its URL.
        case failed(PictureFailure)
    }

    public private(set) var statuses: [String: Status] = [:]
    /// Waiting for a slot, the next first.
    public private(set) var queue: [String] = []
    /// On screen now, most wanted first.
    public private(set) var onScreen: [String] = []
    /// The box the screen draws them in (rounded up: `PictureSize.bucketed`).
    public private(set) var box = Picture.keptBox
    /// Pictures drawn while a larger decoding of them loads.
    private var smaller: [String: Picture] = [:]
    /// Loaded pictures, least recently shown first.
    private var loadedOrder: [String] = []

    public init() {}

    public func status(of url: String) -> Status? { statuses[url] }

    /// The picture to draw for `url`: the loaded one, or the smaller one while a larger loads.
    public func picture(for url: String) -> Picture? {
        if case .loaded(let picture)? = statuses[url] { return picture }
        return smaller[url]
    }

    /// `urls` as `.shown` keeps them: the first of each, none empty.
    public static func normalized(_ urls: [String]) -> [String] {
        var seen = Set<String>()
        return urls.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Downloads under way.
    public var downloading: Int {
        statuses.values.count { if case .loading = $0 { true } else { false } }
    }

    public mutating func reduce(_ event: PictureEvent) -> [PictureEffect] {
        switch event {
        case .shown(let urls, let box):
            self.box = box.bucketed
            show(urls)
        case .loaded(let url, let picture):
            // An answer for a URL that is not downloading (left, or stale) changes nothing.
            guard case .loading? = statuses[url] else { return [] }
            statuses[url] = .loaded(picture)
            smaller[url] = nil
            loadedOrder.removeAll { $0 == url }
            loadedOrder.append(url)
            forgetOldPictures()
        case .failed(let url, let attempt, let failure):
            guard case .loading(attempt)? = statuses[url] else { return [] }
            if let picture = smaller.removeValue(forKey: url) {
                // The larger decoding failed: the smaller picture stays, without a retry.
                statuses[url] = .loaded(picture)
                return startDownloads()
            }
            if failure.isTransient, attempt == 1 {
                statuses[url] = .waitingToRetry
                return [.waitToRetry(url: url, Self.retryDelay)] + startDownloads()
            }
            statuses[url] = .failed(failure)
        case .retryDue(let url):
            guard statuses[url] == .waitingToRetry else { return [] }
            if onScreen.contains(url) {
                statuses[url] = .queued(attempt: 2)
                queue.insert(url, at: 0)
            } else {
                // Asked for again, from the first attempt, when it comes back on screen.
                statuses[url] = nil
            }
        case .left:
            let running = statuses.compactMap { url, status -> [PictureEffectID]? in
                switch status {
                case .loading: [.load(url)]
                case .waitingToRetry: [.retry(url)]
                default: nil
                }
            }.flatMap { $0 }
            statuses = statuses.filter { if case .loaded = $0.value { true } else if case .failed = $0.value { true } else { false } }
            for (url, picture) in smaller { statuses[url] = .loaded(picture) }
            smaller = [:]
            queue = []
            onScreen = []
            return running.isEmpty ? [] : [.cancel(running.sorted())]
        }
        return startDownloads()
    }

    /// New URLs queue in screen order, ahead of anything queued before; queued URLs that left the
    /// screen are dropped (a download under way finishes: its bytes go to the cache).
    private mutating func show(_ urls: [String]) {
        onScreen = Self.normalized(urls)
        let seen = Set(onScreen)
        for url in queue where !seen.contains(url) { statuses[url] = smaller.removeValue(forKey: url).map { .loaded($0) } }
        queue.removeAll { !seen.contains($0) }
        // Loaded for a box clearly smaller than this one: loaded again, drawn meanwhile.
        for url in onScreen {
            guard case .loaded(let picture)? = statuses[url], picture.wantsMoreDetail(in: box) else { continue }
            smaller[url] = picture
            statuses[url] = nil
        }
        let fresh = onScreen.filter { statuses[$0] == nil }
        for url in fresh { statuses[url] = .queued(attempt: 1) }
        queue = fresh + queue
        // Shown again: the most recently used.
        let shownLoaded = onScreen.filter { picture(for: $0) != nil }
        loadedOrder.removeAll { seen.contains($0) }
        loadedOrder += shownLoaded
    }

    private mutating func startDownloads() -> [PictureEffect] {
        var effects: [PictureEffect] = []
        var running = downloading
        while running < Self.maxDownloads, !queue.isEmpty {
            let url = queue.removeFirst()
            guard case .queued(let attempt)? = statuses[url] else { continue }
            statuses[url] = .loading(attempt: attempt)
            effects.append(.load(url: url, attempt: attempt, box: box))
            running += 1
        }
        return effects
    }

    private mutating func forgetOldPictures() {
        var excess = loadedOrder.count - Self.maxKeptPictures
        guard excess > 0 else { return }
        let shown = Set(onScreen)
        loadedOrder.removeAll { url in
            guard excess > 0, !shown.contains(url), case .loaded? = statuses[url] else { return false }
            excess -= 1
            statuses[url] = nil
            return true
        }
    }
}
