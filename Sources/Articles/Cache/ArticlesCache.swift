import Contract
import Core
import FoundationEssentials

/// Reads and writes the stored list in one record of a `RecordStore` (the real store seals it
/// with AES-256-GCM; this type only ever sees plaintext in memory).
///
/// The record is JSON in the project's own format, versioned so a future change can tell an old
/// record from a damaged one:
/// `{"format":"challenge-tui.articles","version":1,"unreadableCount":0,"articles":[…]}`.
public enum ArticlesCache {
    public static let recordName = "articles.list"
    /// Where a record that decrypted but could not be read is set aside.
    public static let asideName = "articles.list.unreadable"
    static let format = "challenge-tui.articles"
    static let version = 1

    private struct Envelope: Codable {
        var format: String
        var version: Int
        var unreadableCount: Int
        var articles: [Article]
    }

    public static func encode(_ stored: StoredArticles) throws(StoreError) -> Data {
        let envelope = Envelope(
            format: format, version: version, unreadableCount: stored.unreadableCount, articles: stored.articles)
        do {
            return try JSONEncoder().encode(envelope)
        } catch {
            throw .io("the articles could not be encoded (\(error))")
        }
    }

    /// The stored list, or why the bytes are not one (in words for `StoreError.damaged`).
    public static func decode(_ data: Data) -> Result<StoredArticles, FormatError> {
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data) else {
            return .failure(FormatError(reason: "not a stored article list"))
        }
        guard envelope.format == format else {
            return .failure(FormatError(reason: "unknown format \"\(envelope.format)\""))
        }
        guard envelope.version == version else {
            return .failure(FormatError(reason: "unknown version \(envelope.version)"))
        }
        return .success(StoredArticles(articles: envelope.articles, unreadableCount: envelope.unreadableCount))
    }

    public struct FormatError: Error, Hashable, Sendable {
        public var reason: String
    }

    /// The stored list (`nil` when there is none). A record the store can't open comes back as
    /// the store's error; one that opens but isn't a list is set aside here the same way (copied
    /// to `asideName`, then removed) so the next launch starts clean and nothing is lost.
    public static func load(from store: any RecordStore) -> Result<StoredArticles?, StoreError> {
        let data: Data?
        do {
            data = try store.read(recordName)
        } catch {
            return .failure(error)
        }
        guard let data else { return .success(nil) }
        switch decode(data) {
        case .success(let stored):
            return .success(stored)
        case .failure(let failure):
            do {
                try store.write(data, to: asideName)
                try store.remove(recordName)
            } catch {
                return .failure(.damaged(name: recordName, movedTo: "(nowhere: \(error.message))", reason: failure.reason))
            }
            return .failure(.damaged(name: recordName, movedTo: asideName, reason: failure.reason))
        }
    }

    /// Replaces the stored list (the store writes atomically). `nil` on success.
    public static func save(_ stored: StoredArticles, to store: any RecordStore) -> StoreError? {
        do {
            try store.write(try encode(stored), to: recordName)
            return nil
        } catch {
            return error
        }
    }
}
