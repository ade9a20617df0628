import FoundationEssentials
import Synchronization

/// A `RecordStore` that keeps records in memory: for tests, and for runs that must leave nothing
/// on disk.
public final class InMemoryRecordStore: RecordStore {
    private let records: Mutex<[String: Data]>

    public init(_ records: [String: Data] = [:]) {
        self.records = Mutex(records)
    }

    public func read(_ name: String) throws(StoreError) -> Data? {
        records.withLock { $0[name] }
    }

    public func write(_ data: Data, to name: String) throws(StoreError) {
        records.withLock { $0[name] = data }
    }

    public func remove(_ name: String) throws(StoreError) {
        _ = records.withLock { $0.removeValue(forKey: name) }
    }

    /// Every record's name, sorted: lets tests see what was written.
    public var names: [String] { records.withLock { $0.keys.sorted() } }

    public func recordNames() throws(StoreError) -> [String] { names }
}
