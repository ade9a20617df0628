import Contract
import Core
import FoundationEssentials
import Synchronization

/// Reads and writes the stored list as records of a `RecordStore` (the real store seals each
/// with AES-256-GCM; this type only ever sees plaintext in memory).
///
/// Format 2 (Docs/articles.md, "Stored data"): the list is cut into chunks, each its own sealed
/// record — the first `firstChunkSize` articles, then `chunkSize` at a time — named
/// `articles.list.<generation>.<index>`, and `articles.list` is a small JSON manifest naming the
/// generation and the chunks' sizes:
/// `{"format":"challenge-tui.articles","version":2,"generation":3,"unreadableCount":0,"count":100000,"chunks":[256,4096,…]}`.
/// Start-up decrypts the manifest and the first chunk, enough for any screen; the rest follows
/// off the loop's thread. A save writes the new generation's chunks first and the manifest last
/// (each atomically), then removes the old generation: a save cut short leaves the old list
/// whole. No copy of the whole list is made to store it: one chunk at a time is encoded and
/// sealed. Format 1 (the whole list as one JSON record) is still read.
public enum ArticlesCache {
    public static let recordName = "articles.list"
    /// Where a record that decrypted but could not be read is set aside.
    public static let asideName = "articles.list.unreadable"
    static let format = "challenge-tui.articles"
    static let version = 2
    /// Enough rows for the tallest terminal's first screen.
    static let firstChunkSize = 256
    /// About 2.5 MB of the sample's articles: sealed and written one at a time.
    static let chunkSize = 4096

    /// One load or save at a time: the full load that follows start-up must never read a
    /// generation a save is removing.
    private static let access = Mutex(())

    static func chunkName(generation: Int, index: Int) -> String { "\(recordName).\(generation).\(index)" }

    struct Manifest: Codable, Hashable {
        var format: String
        var version: Int
        var generation: Int
        var unreadableCount: Int
        var count: Int
        var chunks: [Int]
        /// When the list was stored (seconds since 1970, the time source's wall time); absent in
        /// lists stored before it was kept.
        var savedAt: Double?
    }

    /// Format 1: the whole list in one JSON record.
    private struct EnvelopeV1: Codable {
        var format: String
        var version: Int
        var unreadableCount: Int
        var articles: [Article]
    }

    public struct FormatError: Error, Hashable, Sendable {
        public var reason: String
    }

    /// The manifest's bytes.
    static func encode(_ manifest: Manifest) throws(StoreError) -> Data {
        do {
            return try JSONEncoder().encode(manifest)
        } catch {
            throw .io("the articles could not be encoded (\(error))")
        }
    }

    /// What the manifest record says: a format 2 manifest, or a whole format 1 list.
    enum Contents {
        case manifest(Manifest)
        case whole(StoredArticles)
    }

    static func decode(_ data: Data) -> Result<Contents, FormatError> {
        struct Header: Decodable {
            var format: String
            var version: Int
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            return .failure(FormatError(reason: "not a stored article list"))
        }
        guard header.format == format else {
            return .failure(FormatError(reason: "unknown format \"\(header.format)\""))
        }
        switch header.version {
        case 1:
            guard let envelope = try? JSONDecoder().decode(EnvelopeV1.self, from: data) else {
                return .failure(FormatError(reason: "not a stored article list"))
            }
            return .success(.whole(StoredArticles(articles: envelope.articles, unreadableCount: envelope.unreadableCount)))
        case version:
            guard let manifest = try? JSONDecoder().decode(Manifest.self, from: data), manifest.count >= 0,
                manifest.chunks.allSatisfy({ $0 > 0 }), manifest.chunks.reduce(0, +) == manifest.count
            else {
                return .failure(FormatError(reason: "not a stored article list"))
            }
            return .success(.manifest(manifest))
        default:
            return .failure(FormatError(reason: "unknown version \(header.version)"))
        }
    }

    // MARK: Loading

    /// The whole stored list (`nil` when there is none). A record the store can't open comes
    /// back as the store's error; one that opens but isn't a list (or a chunk of it) is set
    /// aside here the same way (copied to `asideName`, then removed) so the next launch starts
    /// clean and nothing is lost.
    public static func load(from store: any RecordStore) -> Result<StoredArticles?, StoreError> {
        access.withLock { _ in read(from: store, chunks: nil) }
    }

    /// The start of the stored list: the manifest and the first chunk, for the first frame
    /// (`StoredArticles.isPartial` when there is more; `load` reads it all).
    public static func loadFirst(from store: any RecordStore) -> Result<StoredArticles?, StoreError> {
        access.withLock { _ in read(from: store, chunks: 1) }
    }

    private static func read(from store: any RecordStore, chunks limit: Int?) -> Result<StoredArticles?, StoreError> {
        let data: Data?
        do {
            data = try store.read(recordName)
        } catch {
            return .failure(error)
        }
        guard let data else { return .success(nil) }
        let manifest: Manifest
        switch decode(data) {
        case .success(.whole(let stored)):
            return .success(stored)
        case .success(.manifest(let read)):
            manifest = read
        case .failure(let failure):
            return setAside(data, store: store, reason: failure.reason)
        }
        let wanted = min(manifest.chunks.count, limit ?? manifest.chunks.count)
        var list = ArticleList()
        for index in 0..<wanted {
            let name = chunkName(generation: manifest.generation, index: index)
            let chunk: Data?
            do {
                chunk = try store.read(name)
            } catch {
                // The store has set the chunk aside; without it the list is not whole.
                return .failure(error)
            }
            guard let chunk, let rows = ArticleChunk.decode(chunk), rows.count == manifest.chunks[index] else {
                return setAside(data, store: store, reason: chunk == nil ? "its part \(index + 1) is missing" : "its part \(index + 1) is not readable")
            }
            if index == 0, wanted > 1, !rows.isEmpty {
                // One buffer for the whole list, sized from the first chunk's bytes per article
                // (a little over: growing it later would copy it).
                let estimate = rows.byteCount / rows.count * manifest.count * 11 / 10
                list.reserveCapacity(rows: manifest.count, bytes: estimate)
            }
            if index == 0, wanted == 1 { list = rows } else { list.append(contentsOf: rows) }
        }
        return .success(StoredArticles(articles: list, unreadableCount: manifest.unreadableCount, storedCount: manifest.count))
    }

    private static func setAside(_ data: Data, store: any RecordStore, reason: String) -> Result<StoredArticles?, StoreError> {
        do {
            try store.write(data, to: asideName)
            try store.remove(recordName)
        } catch {
            return .failure(.damaged(name: recordName, movedTo: "(nowhere: \(error.message))", reason: reason))
        }
        return .failure(.damaged(name: recordName, movedTo: asideName, reason: reason))
    }

    // MARK: Saving

    /// Replaces the stored list: the new generation's chunks, then the manifest (stamped with
    /// `date`, the wall time of the save), then the old generation's chunks removed. `nil` on
    /// success.
    public static func save(_ stored: StoredArticles, to store: any RecordStore, at date: Date? = nil) -> StoreError? {
        access.withLock { _ in
            do throws(StoreError) {
                var previous: Manifest?
                if let data = try? store.read(recordName), case .success(.manifest(let manifest)) = decode(data) {
                    previous = manifest
                }
                let generation = (previous?.generation ?? 0) + 1
                let list = stored.articles
                var sizes: [Int] = []
                var start = 0
                while start < list.count {
                    let size = min(sizes.isEmpty ? firstChunkSize : chunkSize, list.count - start)
                    try store.write(ArticleChunk.encode(list, start..<start + size), to: chunkName(generation: generation, index: sizes.count))
                    sizes.append(size)
                    start += size
                }
                let manifest = Manifest(
                    format: format, version: version, generation: generation, unreadableCount: stored.unreadableCount,
                    count: list.count, chunks: sizes, savedAt: date?.timeIntervalSince1970)
                try store.write(try encode(manifest), to: recordName)
                if let previous {
                    // Leftovers cost only disk space: the new list is whole already.
                    for index in previous.chunks.indices {
                        try? store.remove(chunkName(generation: previous.generation, index: index))
                    }
                }
                return nil
            } catch {
                return error
            }
        }
    }
}
