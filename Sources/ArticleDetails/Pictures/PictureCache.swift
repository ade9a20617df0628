import Core
import FoundationEssentials
import Synchronization

/// The downloaded images' bytes, kept in the encrypted store (each a record of its own, sealed
/// like every other: never in clear on disk), at most `maxBytes` in all, least recently used out
/// first. The store reads, writes and removes by name only, so a small index record lists what
/// is kept, how large and when last used (Docs/images.md, "The cache").
///
/// Reads move a picture up in memory; the index is written with each new picture or removal,
/// so after a restart the order is the one of the last write. Thread-safe: downloads finish on
/// any thread.
public final class PictureCache: Sendable {
    public static let indexName = "pictures.index"
    public static let standardMaxBytes = 50 * 1024 * 1024

    struct Entry: Codable, Hashable {
        var url: String
        var record: String
        var bytes: Int
        var lastUse: Int
    }

    struct Index: Codable, Hashable {
        var format = "challenge-tui.pictures"
        var version = 1
        var entries: [String: Entry] = [:]
        var uses = 0
        var totalBytes: Int { entries.values.reduce(0) { $0 + $1.bytes } }
    }

    private let store: any RecordStore
    private let logger: Logger
    public let maxBytes: Int
    private let index: Mutex<Index?> = Mutex(nil)

    public init(store: any RecordStore, maxBytes: Int = PictureCache.standardMaxBytes, logger: Logger = .disabled) {
        self.store = store
        self.maxBytes = maxBytes
        self.logger = logger
    }

    /// The record that holds `url`'s bytes: named by a digest, so no URL reaches a file name.
    public static func recordName(for url: String) -> String {
        "picture." + SHA256.hash(Data(url.utf8)).prefix(16).hexString
    }

    /// The bytes stored for `url`, or nil. A record that can't be opened is dropped (the store
    /// set it aside) and reported in the log: the picture is downloaded again.
    public func bytes(for url: String) -> Data? {
        withIndex { (index: inout Index) -> Data? in
            guard let entry = index.entries[url] else { return nil }
            do throws(StoreError) {
                guard let data = try store.read(entry.record) else {
                    index.entries[url] = nil
                    return nil
                }
                index.uses += 1
                index.entries[url]?.lastUse = index.uses
                return data
            } catch {
                logger.warning("pictures", "cached picture unreadable: \(error.message)")
                index.entries[url] = nil
                save(index)
                return nil
            }
        }
    }

    /// Keeps `data` for `url`, then drops the least recently used pictures until all fit in
    /// `maxBytes`. A picture larger than that is not kept.
    public func store(_ data: Data, for url: String) {
        guard data.count <= maxBytes else { return }
        withIndex { index in
            let record = Self.recordName(for: url)
            do throws(StoreError) {
                try store.write(data, to: record)
            } catch {
                logger.warning("pictures", "picture not cached: \(error.message)")
                return
            }
            index.uses += 1
            index.entries[url] = Entry(url: url, record: record, bytes: data.count, lastUse: index.uses)
            var total = index.totalBytes
            for old in index.entries.values.sorted(by: { $0.lastUse < $1.lastUse }) where total > maxBytes && old.url != url {
                try? store.remove(old.record)
                index.entries[old.url] = nil
                total -= old.bytes
            }
            save(index)
        }
    }

    /// Forgets `url`'s bytes (they did not decode: the next download replaces them).
    public func remove(_ url: String) {
        withIndex { index in
            guard let entry = index.entries.removeValue(forKey: url) else { return }
            try? store.remove(entry.record)
            save(index)
        }
    }

    /// The bytes kept in all.
    public var totalBytes: Int { withIndex { $0.totalBytes } }

    /// Removes the picture records `pictures.index` does not name, and returns their names. A
    /// program killed between a picture's write and its index's leaves one behind, which no
    /// eviction would ever remove (the cap counts only what the index names). Called when the
    /// store opens, with the data folder's lock held, before any cache reads the index
    /// (Docs/images.md, "The cache"). Only names of the records' own form are removed; an index
    /// the store can't read at all (not a damaged one) leaves everything as it is.
    @discardableResult
    public static func removeUnindexed(from store: any RecordStore, logger: Logger = .disabled) -> [String] {
        let named: Set<String>
        do throws(StoreError) {
            // As `loadIndex` reads it: what isn't a picture index of this version is an empty cache.
            let index = try store.read(indexName).flatMap(Self.decodeIndex)
            named = Set(index?.entries.values.map(\.record) ?? [])
        } catch .damaged {
            // Set aside by the store: the cache starts empty, so every picture is outside it.
            named = []
        } catch {
            return []
        }
        guard let names = try? store.recordNames() else { return [] }
        var removed: [String] = []
        for name in names where isRecordName(name) && !named.contains(name) {
            if (try? store.remove(name)) != nil { removed.append(name) }
        }
        if !removed.isEmpty {
            logger.info(
                "pictures",
                "removed \(removed.count) picture file(s) no index named (left by a program stopped mid-save): "
                    + removed.joined(separator: ", "))
        }
        return removed
    }

    /// Whether `name` has the form of `recordName(for:)`: "picture." and 32 lower-case hex digits.
    static func isRecordName(_ name: String) -> Bool {
        let prefix = "picture."
        guard name.hasPrefix(prefix) else { return false }
        let digits = name.utf8.dropFirst(prefix.utf8.count)
        return digits.count == 32 && digits.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private func withIndex<T: Sendable>(_ body: (inout Index) -> T) -> T {
        index.withLock { loaded in
            var current = loaded ?? loadIndex()
            defer { loaded = current }
            return body(&current)
        }
    }

    /// The stored index, or an empty one when there is none or it can't be read (then its
    /// pictures are downloaded again, and overwrite their old records: same names).
    private func loadIndex() -> Index {
        do throws(StoreError) {
            guard let data = try store.read(Self.indexName) else { return Index() }
            guard let index = Self.decodeIndex(data) else {
                logger.warning("pictures", "picture index unreadable: not a picture index")
                return Index()
            }
            return index
        } catch {
            logger.warning("pictures", "picture index unreadable: \(error.message)")
        }
        return Index()
    }

    /// A picture index of this format and version, or nil.
    private static func decodeIndex(_ data: Data) -> Index? {
        guard let index = try? JSONDecoder().decode(Index.self, from: data),
              index.format == Index().format, index.version == Index().version
        else { return nil }
        return index
    }

    private func save(_ index: Index) {
        do {
            try store.write(try JSONEncoder().encode(index), to: Self.indexName)
        } catch let error as StoreError {
            logger.warning("pictures", "picture index not saved: \(error.message)")
        } catch {
            logger.warning("pictures", "picture index not saved: \(error)")
        }
    }
}
