import FoundationEssentials

/// Named records of bytes that survive the program. The real store seals every record
/// (AES-256-GCM); the in-memory one serves tests and `--backend mock` runs without a data dir.
public protocol RecordStore: Sendable {
    /// The record's bytes, or `nil` when there is none. A record that cannot be opened is moved
    /// aside and reported as `StoreError.damaged`; the next read returns `nil`.
    func read(_ name: String) throws(StoreError) -> Data?
    /// Replaces the record atomically: a reader sees the old bytes or the new, never a mix.
    func write(_ data: Data, to name: String) throws(StoreError)
    func remove(_ name: String) throws(StoreError)
    /// The names of the records there are (no temp file, no damaged copy), for a caller that
    /// cleans up after itself.
    func recordNames() throws(StoreError) -> [String]
}

extension RecordStore {
    /// A store that can't list its records names none: whoever cleans up by name leaves it be.
    public func recordNames() throws(StoreError) -> [String] { [] }
}

public enum StoreError: Error, Hashable, Sendable {
    /// The record could not be opened (truncated, tampered, wrong key, unknown version);
    /// it was moved aside to `movedTo` so nothing is silently lost.
    case damaged(name: String, movedTo: String, reason: String)
    /// The key could not be had (bad `CHALLENGE_TUI_KEY`, key file readable by others, …).
    case key(String)
    /// The key is not the one the data in `directory` was stored under (its key check says so):
    /// nothing there was read, moved or written. `keySource` says where the key came from.
    case wrongKey(keySource: String, directory: String)
    /// The file system refused (permissions, disk full, …).
    case io(String)
    /// Another copy of the program holds the data folder's lock (`DataFolderLock`): nothing in
    /// `directory` was read or written. `holder` is its process id, when the lock file said.
    case inUse(directory: String, holder: Int32?)
    /// The data folder belongs to another user, who could remove or roll back what is stored:
    /// it is not used (Docs/security.md, "The data folder's owner and mode").
    case foreignFolder(directory: String, owner: UInt32)

    public var message: String {
        switch self {
        case .damaged(let name, let movedTo, let reason):
            "Stored \(name) could not be read (\(reason)); it was set aside as \(movedTo)"
        case .key(let detail): "Encryption key problem: \(detail)"
        case .wrongKey(let source, let directory):
            "Wrong encryption key: the key from \(source) does not open the data in \(directory), which was "
                + "stored under another key. The stored files were left as they are; start with the key they were "
                + "stored under, or move \(directory) away to start afresh"
        case .io(let detail): "Storage problem: \(detail)"
        case .inUse(let directory, let holder):
            "Another challenge-tui\(holder.map { " (process \($0))" } ?? "") is using the data in \(directory) "
                + "(quit it to keep data)"
        case .foreignFolder(let directory, let owner):
            "The data folder \(directory) belongs to another user (uid \(owner)), who could remove or change what is "
                + "stored: it is not used. Choose a folder of your own (--data-dir DIR)"
        }
    }

    /// A few words for one line of the launcher: what kept the store from opening.
    public var summary: String {
        switch self {
        case .damaged: "stored data damaged"
        case .key: "an encryption key problem"
        case .wrongKey: "a wrong encryption key"
        case .io: "the data folder is unusable"
        case .inUse(_, let holder): "another copy\(holder.map { " (process \($0))" } ?? "") is using the data folder"
        case .foreignFolder: "the data folder belongs to another user"
        }
    }
}
