import Foundation
import Imaging
import Testing
@testable import DevServer

@Suite(.timeLimit(.minutes(10))) struct EncodedImageCacheTests {
    func entry(_ size: Int) -> EncodedImageCache.Entry {
        EncodedImageCache.Entry(body: Data(count: size), contentType: "image/png")
    }

    func key(_ width: Int) -> DummyImageRequest { DummyImageRequest(width: width, height: 1) }

    /// Whether `picture(for:)` had to make it.
    func made(_ cache: EncodedImageCache, _ width: Int, size: Int = 10) -> Bool {
        var called = false
        _ = try? cache.picture(for: key(width)) { called = true; return entry(size) }
        return called
    }

    @Test func aHitDoesNotEncodeAgain() {
        let cache = EncodedImageCache()
        #expect(made(cache, 1))
        #expect(!made(cache, 1))
        #expect(cache.usage.count == 1 && cache.usage.bytes == 10)
    }

    @Test func theLeastRecentlyUsedGoesFirstWhenFull() {
        let cache = EncodedImageCache(maxEntries: 2, maxBytes: 1000)
        #expect(made(cache, 1))
        #expect(made(cache, 2))
        #expect(!made(cache, 1)) // 1 is now the most recent
        #expect(made(cache, 3)) // so 2 goes
        #expect(!made(cache, 1))
        #expect(made(cache, 2))
        #expect(cache.usage.count == 2)
    }

    @Test func bytesAreBoundedAndAnOversizedPictureIsNotKept() {
        let cache = EncodedImageCache(maxEntries: 10, maxBytes: 100)
        #expect(made(cache, 1, size: 60))
        #expect(made(cache, 2, size: 60)) // 1 goes to make room
        #expect(cache.usage.count == 1 && cache.usage.bytes == 60)
        #expect(made(cache, 3, size: 101))
        #expect(made(cache, 3, size: 101))
        #expect(!made(cache, 2))
        #expect(cache.usage.bytes == 60)
    }
}
