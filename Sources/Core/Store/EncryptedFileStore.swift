import FoundationEssentials
import Glibc

/// Records as files in one folder, each sealed with AES-256-GCM.
///
/// File layout (format version 1):
///
///     "CTUI" | 0x01 | nonce (12 random bytes, new on every write) | ciphertext | tag (16 bytes)
///
/// The additional authenticated data is the 5-byte header followed by the record's name, so a
/// file renamed or copied over another record fails to open, as does a changed header.
///
/// Writes are atomic and durable: a temp file in the same folder, fsync, rename over the
/// record, fsync of the folder. A reader sees the old record or the new one, never a mix,
/// even if the program dies mid-write. A record that can't be opened is moved aside as
/// `NAME.damaged-<UTC time>` and reported as `StoreError.damaged`: never a crash, never lost;
/// the newest `damagedCopiesKept` such copies of a record are kept, older ones removed.
///
/// A wrong key destroys nothing: the folder holds a key check (`KeyCheck`) made under the key
/// the data was stored with, and a store whose key doesn't match it is never opened
/// (`StoreError.wrongKey`), so no record is set aside as damaged and none is sealed under the
/// wrong key. One copy of the program at a time uses a folder: the store holds its lock
/// (`DataFolderLock`) for as long as it lives. See Docs/security.md.
public final class EncryptedFileStore: RecordStore {
    static let magic = Data("CTUI".utf8)
    static let version: UInt8 = 1
    static var headerSize: Int { magic.count + 1 }
    /// `.damaged-*` copies kept per record, newest first: enough to look into what went wrong,
    /// never a folder that fills up with them.
    public static let damagedCopiesKept = 3
    /// The largest record file read or written, sealed (Docs/security.md, "Files"): far above the
    /// article list an 8 MB answer makes or a 5 MB picture, far below what a stored file replaced
    /// by `/dev/zero` or a sparse file of a gigabyte would cost. A larger file is damaged.
    public static let maximumRecordBytes = 64 * 1_048_576

    public let directory: String
    private let key: EncryptionKey
    private let time: TimeSource
    /// The temp files of writes that never finished (their writer died) removed when the store
    /// opened, for the log (`StaleTempFiles`).
    public let staleTempFilesRemoved: [String]
    /// The mode the data folder had when it was open to others and was made 0700 as the store
    /// opened, for the log; nil when it was private already.
    public let folderMadePrivateFrom: UInt32?
    /// Held for as long as the store lives: no other copy of the program uses the folder then.
    private let lock: DataFolderLock

    /// Opens (creating it with mode 0700 if needed) the store in `directory`: a folder of another
    /// user is refused (`StoreError.foreignFolder`), one of ours open to others made 0700; then
    /// the folder's lock is taken (`StoreError.inUse` when another copy of the program holds it),
    /// and only then is `key` checked to be the one its data was stored under
    /// (`StoreError.wrongKey` when not; nothing in the folder is changed then).
    /// - Parameter time: dates the names of damaged files.
    public init(directory: String, key: EncryptionKey, time: TimeSource) throws(StoreError) {
        folderMadePrivateFrom = try FileSystem.makeOwnDataDirectory(directory).map { UInt32($0) }
        // Before anything else in the folder is read or written: a second copy must not write the
        // key check, remove temp files or set records aside (Docs/security.md, "Two copies on one
        // data folder").
        lock = try DataFolderLock.take(in: directory)
        self.directory = directory
        self.key = key
        self.time = time
        try KeyCheck.verify(key, in: directory) { () throws(StoreError) in try Self.opensAnyRecord(in: directory, key: key) }
        // Only once the key is known to be the folder's: a wrong key changes nothing.
        staleTempFilesRemoved = StaleTempFiles.remove(in: directory)
    }

    /// The store the app uses: data in `AppPaths.dataDirectory(flag:environment:)`, key from
    /// `EncryptionKey.resolve(environment:)`.
    public static func open(
        dataDirectory flag: String?, environment: [String: String], time: TimeSource
    ) throws(StoreError) -> EncryptedFileStore {
        let key = try EncryptionKey.resolve(environment: environment)
        return try EncryptedFileStore(directory: AppPaths.dataDirectory(flag: flag, environment: environment), key: key, time: time)
    }

    public func read(_ name: String) throws(StoreError) -> Data? {
        let path = try self.path(of: name)
        let file: Data
        do {
            file = try BoundedFileReader.read(path, limit: Self.maximumRecordBytes)
        } catch .missing {
            return nil
        } catch .system(let message) {
            throw .io("can't read \(path): \(message)")
        } catch {
            // Not a regular file, or over the cap: set aside like any record that doesn't open
            // (a folder is reported and left: renaming it would carry what is inside along).
            guard case .notARegularFile("a folder") = error else {
                let movedTo = try moveAside(path, name: name)
                pruneDamagedCopies(of: name)
                throw .damaged(name: name, movedTo: movedTo, reason: error.description)
            }
            throw .io("can't read \(path): \(error)")
        }
        do {
            return try Self.open(file, name: name, key: key)
        } catch let reason {
            let movedTo = try moveAside(path, name: name)
            pruneDamagedCopies(of: name)
            throw .damaged(name: name, movedTo: movedTo, reason: reason.description)
        }
    }

    public func write(_ data: Data, to name: String) throws(StoreError) {
        let path = try self.path(of: name)
        let sealed = try seal(data, name: name)
        guard sealed.count <= Self.maximumRecordBytes else {
            throw .io("\(name) is too large to store (\(ByteCount.text(sealed.count)), the limit is \(ByteCount.text(Self.maximumRecordBytes)))")
        }
        let temp = AppPaths.join(directory, ".\(name).tmp-\(getpid())-\(try SecureRandom.bytes(6).hexString)")
        let fd = Glibc.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io("can't create \(temp): \(FileSystem.lastError())") }
        do throws(StoreError) {
            defer { close(fd) }
            try FileSystem.writeAll(fd, sealed)
            guard fsync(fd) == 0 else { throw StoreError.io("can't flush \(temp): \(FileSystem.lastError())") }
        } catch {
            unlink(temp)
            throw error
        }
        guard rename(temp, path) == 0 else {
            let message = FileSystem.lastError()
            unlink(temp)
            throw .io("can't replace \(path): \(message)")
        }
        FileSystem.fsyncDirectory(directory)
    }

    public func remove(_ name: String) throws(StoreError) {
        let path = try self.path(of: name)
        guard unlink(path) == 0 || errno == ENOENT else { throw .io("can't remove \(path): \(FileSystem.lastError())") }
        FileSystem.fsyncDirectory(directory)
    }

    /// The folder's files that are records: not the key check, temp files or damaged copies.
    public func recordNames() throws(StoreError) -> [String] {
        FileSystem.names(in: directory).filter(Self.isRecordName)
    }

    // MARK: - Sealing

    struct OpenFailure: Error, CustomStringConvertible {
        var description: String
    }

    private static func header() -> Data { magic + [version] }

    private func seal(_ data: Data, name: String) throws(StoreError) -> Data {
        let nonce = try SecureRandom.bytes(AESGCM.nonceSize)
        do {
            let sealed = try AESGCM.seal(data, key: key.secret, nonce: nonce, authenticating: Self.header() + Data(name.utf8))
            return Self.header() + nonce + sealed
        } catch {
            throw .io("encryption failed: \(error)")
        }
    }

    private static func open(_ file: Data, name: String, key: EncryptionKey) throws(OpenFailure) -> Data {
        let minimum = Self.headerSize + AESGCM.nonceSize + AESGCM.tagSize
        guard file.count >= Self.magic.count, file.prefix(Self.magic.count) == Self.magic else {
            throw OpenFailure(description: file.count < Self.magic.count ? "the file is truncated" : "not a challenge-tui record")
        }
        guard file.count > Self.magic.count else { throw OpenFailure(description: "the file is truncated") }
        let version = file[file.startIndex + Self.magic.count]
        guard version == Self.version else { throw OpenFailure(description: "unknown format version \(version)") }
        guard file.count >= minimum else { throw OpenFailure(description: "the file is truncated") }
        let body = file.dropFirst(Self.headerSize)
        let nonce = Data(body.prefix(AESGCM.nonceSize))
        let sealed = Data(body.dropFirst(AESGCM.nonceSize))
        do {
            return try AESGCM.open(sealed, key: key.secret, nonce: nonce, authenticating: header() + Data(name.utf8))
        } catch {
            throw OpenFailure(description: "it does not authenticate: wrong key, changed bytes or another record's file")
        }
    }

    // MARK: - Key check

    /// For a folder from before the key check: whether the key opens a record in it (`true`),
    /// opens none of those there (`false`), or there is no record to try (`nil`). Reads only.
    private static func opensAnyRecord(in directory: String, key: EncryptionKey) throws(StoreError) -> Bool? {
        var tried = false
        for name in FileSystem.names(in: directory) where isRecordName(name) {
            // Only a record says which key the folder is under: another file kept there (a log
            // written with `--log`, a note) is not one, and proves no key wrong.
            guard let file = try? FileSystem.read(AppPaths.join(directory, name), limit: maximumRecordBytes),
                  file.prefix(magic.count) == magic
            else { continue }
            tried = true
            if (try? open(file, name: name, key: key)) != nil { return true }
        }
        return tried ? false : nil
    }

    // MARK: - Paths

    /// Record names are plain file names: letters, digits, `.`, `_`, `-`, not starting with a dot.
    private func path(of name: String) throws(StoreError) -> String {
        guard Self.isRecordName(name) else {
            throw .io("\"\(name)\" is not a valid record name (letters, digits, . _ -)")
        }
        return AppPaths.join(directory, name)
    }

    static func isRecordName(_ name: String) -> Bool {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        return !name.isEmpty && allowed && !name.hasPrefix(".") && !name.contains(".damaged-") && name.utf8.count <= 200
    }

    private func moveAside(_ path: String, name: String) throws(StoreError) -> String {
        let stamp = time.wallNow.formatted(
            Date.ISO8601FormatStyle(dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted))
        var target = "\(name).damaged-\(stamp)"
        var counter = 2
        while access(AppPaths.join(directory, target), F_OK) == 0 {
            target = "\(name).damaged-\(stamp)-\(counter)"
            counter += 1
        }
        guard rename(path, AppPaths.join(directory, target)) == 0 else {
            throw .io("\(name) could not be opened and could not be moved aside: \(FileSystem.lastError())")
        }
        FileSystem.fsyncDirectory(directory)
        return target
    }

    /// Removes all but the newest `damagedCopiesKept` copies of `name` set aside. Their names
    /// sort by time (`NAME.damaged-20231114T221320Z`, then `-2`, `-3`… within one second).
    private func pruneDamagedCopies(of name: String) {
        let prefix = "\(name).damaged-"
        let copies = FileSystem.names(in: directory).filter { $0.hasPrefix(prefix) }
            .map { (name: $0, order: Self.damagedOrder(String($0.dropFirst(prefix.count)))) }
            .sorted { $0.order.stamp != $1.order.stamp ? $0.order.stamp < $1.order.stamp : $0.order.counter < $1.order.counter }
        guard copies.count > Self.damagedCopiesKept else { return }
        for copy in copies.dropLast(Self.damagedCopiesKept) {
            unlink(AppPaths.join(directory, copy.name))
        }
        FileSystem.fsyncDirectory(directory)
    }

    /// `20231114T221320Z-3` → ("20231114T221320Z", 3); without a counter, 1.
    static func damagedOrder(_ suffix: String) -> (stamp: String, counter: Int) {
        if let dash = suffix.lastIndex(of: "-"), let counter = Int(suffix[suffix.index(after: dash)...]) {
            return (String(suffix[..<dash]), counter)
        }
        return (suffix, 1)
    }
}
