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
/// Start-up decrypts the manifest and the first chunk, enough for any screen; more chunks are
/// read as the list is scrolled (`loadMore`), or all of them (`load`). A save writes the new
/// generation's chunks first and the manifest last (each atomically), then removes the old
/// generation: a save cut short leaves the old list whole, and its chunks, which no manifest
/// names, are removed by the next save or full load (`removeStaleChunks`). No copy of the whole
/// list is made to store it: one chunk at a time is encoded and sealed. Format 1 (the whole list
/// as one JSON record) is still read.
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

    /// The generation and index a chunk's name gives (`articles.list.3.12`); nil for any other
    /// name, so nothing but the list's own chunks is ever taken for one.
    static func chunkNumbers(of name: String) -> (generation: Int, index: Int)? {
        guard name.hasPrefix(recordName + ".") else { return nil }
        let parts = name.utf8.dropFirst(recordName.utf8.count + 1).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        func number(_ digits: Substring.UTF8View.SubSequence) -> Int? {
            guard (1...18).contains(digits.count), digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard let generation = number(parts[0]), let index = number(parts[1]) else { return nil }
        return (generation, index)
    }

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
        switch readChunks(0..<wanted, of: manifest, from: store) {
        case .failure(.store(let error)):
            return .failure(error)
        case .failure(.unreadable(let reason)):
            return setAside(data, store: store, reason: reason)
        case .success(let list):
            if limit == nil { removeStaleChunks(keeping: manifest, in: store) }
            return .success(StoredArticles(
                articles: list, unreadableCount: manifest.unreadableCount, storedCount: manifest.count,
                generation: manifest.generation))
        }
    }

    /// More of a partly read stored list: the chunks after the first `loaded` articles, up to the
    /// one that holds article `through` (at least one chunk), as a list of their own. `nil` when
    /// the stored list is no longer the one of `generation` (a save replaced it), or `loaded` is
    /// not where a chunk starts.
    public static func loadMore(
        from store: any RecordStore, generation: Int, loaded: Int, through: Int
    ) -> Result<ArticleList?, StoreError> {
        access.withLock { _ in
            let data: Data?
            do throws(StoreError) {
                data = try store.read(recordName)
            } catch {
                return .failure(error)
            }
            guard let data else { return .success(nil) }
            guard case .success(.manifest(let manifest)) = decode(data), manifest.generation == generation else {
                return .success(nil)
            }
            // From the chunk that starts at `loaded` to the last one that starts at or before
            // `through`.
            var start = 0
            var first: Int?
            var last = manifest.chunks.count
            for (index, size) in manifest.chunks.enumerated() {
                if start == loaded { first = index }
                if let first, index > first, start > through {
                    last = index
                    break
                }
                start += size
            }
            guard let first else { return .success(nil) }
            switch readChunks(first..<last, of: manifest, from: store) {
            case .failure(.store(let error)):
                return .failure(error)
            case .failure(.unreadable(let reason)):
                if case .failure(let error) = setAside(data, store: store, reason: reason) { return .failure(error) }
                return .success(nil)
            case .success(let list):
                return .success(list)
            }
        }
    }

    private enum ChunkProblem: Error {
        /// The store could not open a chunk (and has set it aside).
        case store(StoreError)
        /// A chunk is missing or not one.
        case unreadable(String)
    }

    /// The chunks at `indices`, one after the other, as one list.
    private static func readChunks(
        _ indices: Range<Int>, of manifest: Manifest, from store: any RecordStore
    ) -> Result<ArticleList, ChunkProblem> {
        var list = ArticleList()
        for index in indices {
            let name = chunkName(generation: manifest.generation, index: index)
            let chunk: Data?
            do {
                chunk = try store.read(name)
            } catch {
                // The store has set the chunk aside; without it the list is not whole.
                return .failure(.store(error))
            }
            guard let chunk, let rows = ArticleChunk.decode(chunk), rows.count == manifest.chunks[index] else {
                return .failure(.unreadable(chunk == nil ? "its part \(index + 1) is missing" : "its part \(index + 1) is not readable"))
            }
            if indices.count == 1 {
                list = rows
                break
            }
            if index == indices.lowerBound, !rows.isEmpty {
                // One buffer for all the chunks read, sized from the first one's bytes per
                // article (a little over: growing it later would copy it).
                let count = manifest.chunks[indices].reduce(0, +)
                list.reserveCapacity(rows: count, bytes: rows.byteCount / rows.count * count * 11 / 10)
            }
            list.append(contentsOf: rows)
        }
        return .success(list)
    }

    /// Removes the chunks `manifest` does not name: those a save cut short left behind (its
    /// generation's chunks, written before the manifest that would have named them), and any
    /// older generation's that could not be removed. Only names of the list's own chunk form
    /// (`chunkNumbers`), and only once a manifest has been read or written, so the chunks of the
    /// list there is are never touched. A store that can't list its records keeps them.
    static func removeStaleChunks(keeping manifest: Manifest, in store: any RecordStore) {
        guard let names = try? store.recordNames() else { return }
        for name in names {
            guard let (generation, index) = chunkNumbers(of: name),
                generation != manifest.generation || index >= manifest.chunks.count
            else { continue }
            try? store.remove(name)
        }
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
                removeStaleChunks(keeping: manifest, in: store)
                return nil
            } catch {
                return error
            }
        }
    }
}
