import Core
import FoundationEssentials

/// When the profile was last saved, and what: kept in the store (`profile.saved`, sealed like
/// every record) so the launcher can say it in a later run. Only the kind of save and its time
/// are kept: no name, no password.
public struct ProfileSaves: Sendable {
    public static let recordName = "profile.saved"

    /// What a save changed.
    public enum Kind: String, Codable, Hashable, Sendable {
        case names, password
    }

    public struct Record: Codable, Hashable, Sendable {
        public var kind: Kind
        /// Seconds since 1970 (the time source's wall time).
        public var at: Double

        public var date: Date { Date(timeIntervalSince1970: at) }
    }

    public let store: any RecordStore
    public let time: TimeSource

    public init(store: any RecordStore, time: TimeSource) {
        self.store = store
        self.time = time
    }

    /// Notes a save that succeeded now. A store that refuses is not the save's failure: the
    /// profile was saved, only the launcher's line will not know it.
    public func note(_ kind: Kind) {
        guard let data = try? JSONEncoder().encode(Record(kind: kind, at: time.wallNow.timeIntervalSince1970)) else { return }
        try? store.write(data, to: Self.recordName)
    }

    /// Forgets the last save noted (the launcher's `x`): the line then says "not saved yet".
    public static func forget(in store: any RecordStore) throws(StoreError) {
        try store.remove(recordName)
    }

    /// The last save noted, if any (a record that is not one reads as none).
    public static func last(in store: any RecordStore) throws(StoreError) -> Record? {
        guard let data = try store.read(recordName) else { return nil }
        return try? JSONDecoder().decode(Record.self, from: data)
    }
}
