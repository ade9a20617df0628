import Core
import FoundationEssentials

extension ArticlesCache {
    /// How many articles are stored and when they were: what the launcher says of the articles.
    public struct Summary: Hashable, Sendable {
        public var count: Int
        /// nil for a list stored before the time was kept.
        public var savedAt: Date?
    }

    /// What the stored list's manifest says, read without the list itself (one small record) and
    /// without setting anything aside: a record that is not a list gives nil, and the list's
    /// own load reports it when the articles open. A record the store cannot open is its error.
    public static func summary(from store: any RecordStore) throws(StoreError) -> Summary? {
        guard let data = try store.read(recordName) else { return nil }
        switch decode(data) {
        case .success(.manifest(let manifest)):
            return Summary(count: manifest.count, savedAt: manifest.savedAt.map(Date.init(timeIntervalSince1970:)))
        case .success(.whole(let stored)):
            return Summary(count: stored.storedCount, savedAt: nil)
        case .failure:
            return nil
        }
    }
}
