import ArticleDetails
import Core
import CoreTesting
import Foundation
import Imaging
import Testing

/// The images' cache: bounded, least recently used out first, sealed like every record,
/// surviving a restart, and safe with damaged records (Docs/images.md, "The cache").
@Suite(.timeLimit(.minutes(10))) struct PictureCacheTests {
    let folder = TemporaryDirectory()
    let key: EncryptionKey

    init() throws { key = try EncryptionKey(bytes: Data((0..<32).map { _ in UInt8.random(in: 0...255) })) }

    func store() throws -> EncryptedFileStore { try EncryptedFileStore(directory: folder.file("data"), key: key, time: .frozen()) }
    func url(_ index: Int) -> String { "http://pictures.example/\(index).png" }

    @Test func itKeepsAtMostItsBoundDroppingTheLeastRecentlyUsed() {
        let cache = PictureCache(store: InMemoryRecordStore(), maxBytes: 1000)
        for index in 0..<3 { cache.store(Data(repeating: UInt8(index), count: 300), for: url(index)) }
        #expect(cache.bytes(for: url(0)) != nil, "used: now the most recent")
        cache.store(Data(repeating: 9, count: 300), for: url(3))
        #expect(cache.bytes(for: url(1)) == nil, "the least recently used went")
        #expect(cache.totalBytes == 900)
        // 2 is the least recently used now: the next picture takes its place.
        cache.store(Data(repeating: 5, count: 300), for: url(5))
        #expect(cache.bytes(for: url(2)) == nil)
        #expect([0, 3, 5].allSatisfy { cache.bytes(for: url($0)) != nil })
        #expect(cache.totalBytes == 900)
        cache.store(Data(repeating: 1, count: 1001), for: url(4))
        #expect(cache.bytes(for: url(4)) == nil, "larger than the whole cache: not kept")
        #expect(PictureCache.standardMaxBytes == 50 * 1024 * 1024)
    }

    @Test func noPictureSignatureAppearsInAnyStoredFile() throws {
        let bitmap = DummyImage.render(DummyImageRequest(width: 64, height: 32))
        let pictures: [[UInt8]] = [
            try ImageEncoder.png(bitmap), try ImageEncoder.jpeg(bitmap), try ImageEncoder.bmp(bitmap),
            Array("GIF89a".utf8) + [UInt8](repeating: 7, count: 64),
        ]
        let cache = PictureCache(store: try store())
        for (index, bytes) in pictures.enumerated() { cache.store(Data(bytes), for: url(index)) }
        // Each picture's first 8 bytes (its signature and then some): sealed bytes are random, and
        // a 3-byte signature turns up in them by chance about once in a few hundred runs.
        let signatures: [[UInt8]] = pictures.map { Array($0.prefix(8)) } + [Array("pictures.example".utf8)]
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("data"))
        #expect(names.count >= pictures.count + 1, "a record each and the index")
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("data/\(name)"))))
            for signature in signatures {
                let found = bytes.count >= signature.count
                    && (0...(bytes.count - signature.count)).contains { bytes[$0..<($0 + signature.count)].elementsEqual(signature) }
                #expect(!found, "\(name) holds \(signature) in clear")
            }
        }
        #expect(!names.contains { $0.contains("example") }, "no URL in a file name")
    }

    @Test func itSurvivesARestart() throws {
        do {
            // Closed before the restart: while its store is open, the folder's lock refuses another.
            let first = PictureCache(store: try store())
            first.store(Data("one".utf8), for: url(1))
            first.store(Data("two".utf8), for: url(2))
        }
        let reopened = PictureCache(store: try store())
        #expect(reopened.bytes(for: url(1)) == Data("one".utf8))
        #expect(reopened.bytes(for: url(2)) == Data("two".utf8))
        #expect(reopened.totalBytes == 6)
    }

    @Test func aDamagedRecordIsNoPictureAndIsSetAside() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("app.log"), time: .frozen())
        do {
            let cache = PictureCache(store: try store(), logger: logger)
            cache.store(Data("picture bytes".utf8), for: url(1))
            let file = self.folder.file("data/\(PictureCache.recordName(for: url(1)))")
            var sealed = try Data(contentsOf: URL(fileURLWithPath: file))
            sealed[sealed.count - 1] ^= 0xFF
            try sealed.write(to: URL(fileURLWithPath: file))
            #expect(cache.bytes(for: url(1)) == nil)
            #expect(cache.totalBytes == 0, "its entry is gone")
            #expect(try String(contentsOfFile: folder.file("app.log"), encoding: .utf8).contains("cached picture unreadable"))
        }
        // A damaged index is an empty cache, not a crash.
        let index = self.folder.file("data/\(PictureCache.indexName)")
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: index))
        let fresh = PictureCache(store: try store())
        #expect(fresh.totalBytes == 0)
        #expect(fresh.bytes(for: url(1)) == nil)
    }

    /// A picture written just before the program was killed, its index never saved, is removed
    /// when the store opens: no eviction would ever count it (Docs/images.md, "The cache").
    /// Only picture records the index doesn't name go; the rest of the folder stays.
    @Test func picturesTheIndexDoesNotNameAreRemovedAtStart() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("app.log"), time: .frozen())
        let store = try self.store()
        let cache = PictureCache(store: store)
        cache.store(Data("one".utf8), for: url(1))
        cache.store(Data("two".utf8), for: url(2))
        // What a kill -9 between a picture's write and its index's leaves.
        let orphan = PictureCache.recordName(for: url(3))
        try store.write(Data("three".utf8), to: orphan)
        try store.write(Data("list".utf8), to: "articles.list")
        try store.write(Data("x".utf8), to: "picture.notdigits")

        #expect(PictureCache.removeUnindexed(from: store, logger: logger) == [orphan])
        #expect(try store.read(orphan) == nil)
        #expect(Set(try store.recordNames()) == Set([
            "articles.list", "picture.notdigits", PictureCache.indexName,
            PictureCache.recordName(for: url(1)), PictureCache.recordName(for: url(2)),
        ]))
        let fresh = PictureCache(store: store)
        #expect(fresh.bytes(for: url(1)) == Data("one".utf8) && fresh.bytes(for: url(2)) == Data("two".utf8))
        #expect(try String(contentsOfFile: folder.file("app.log"), encoding: .utf8)
            .contains("pictures: removed 1 picture file(s) no index named (left by a program stopped mid-save): \(orphan)"))
        // Nothing more to remove the next time.
        #expect(PictureCache.removeUnindexed(from: store).isEmpty)
    }

    /// An index that doesn't open is an empty cache: every picture is outside it, and goes.
    @Test func withADamagedIndexEveryPictureIsOutsideIt() throws {
        let store = try self.store()
        let cache = PictureCache(store: store)
        cache.store(Data("one".utf8), for: url(1))
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: self.folder.file("data/\(PictureCache.indexName)")))
        #expect(PictureCache.removeUnindexed(from: store) == [PictureCache.recordName(for: url(1))])
        #expect(try store.recordNames().filter { $0.hasPrefix("picture.") }.isEmpty)
    }
}
