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
/// `NAME.damaged-<UTC time>` and reported as `StoreError.damaged`: never a crash, never lost.
public final class EncryptedFileStore: RecordStore {
    static let magic = Data("CTUI".utf8)
    static let version: UInt8 = 1
    static var headerSize: Int { magic.count + 1 }

    public let directory: String
    private let key: EncryptionKey
    private let now: @Sendable () -> Date

    /// Opens (creating it with mode 0700 if needed) the store in `directory`.
    /// - Parameter now: dates the names of damaged files; injected for tests.
    public init(directory: String, key: EncryptionKey, now: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) {
        try FileSystem.makeDirectory(directory, mode: 0o700)
        self.directory = directory
        self.key = key
        self.now = now
    }

    /// The store the app uses: data in `AppPaths.dataDirectory(flag:environment:)`, key from
    /// `EncryptionKey.resolve(environment:)`.
    public static func open(dataDirectory flag: String?, environment: [String: String]) throws(StoreError) -> EncryptedFileStore {
        let key = try EncryptionKey.resolve(environment: environment)
        return try EncryptedFileStore(directory: AppPaths.dataDirectory(flag: flag, environment: environment), key: key)
    }

    public func read(_ name: String) throws(StoreError) -> Data? {
        let path = try self.path(of: name)
        guard let file = try FileSystem.read(path) else { return nil }
        do {
            return try open(file, name: name)
        } catch let reason {
            throw .damaged(name: name, movedTo: try moveAside(path, name: name), reason: reason.description)
        }
    }

    public func write(_ data: Data, to name: String) throws(StoreError) {
        let path = try self.path(of: name)
        let sealed = try seal(data, name: name)
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

    // MARK: - Sealing

    struct OpenFailure: Error, CustomStringConvertible {
        var description: String
    }

    private func header() -> Data { Self.magic + [Self.version] }

    private func seal(_ data: Data, name: String) throws(StoreError) -> Data {
        let nonce = try SecureRandom.bytes(AESGCM.nonceSize)
        do {
            let sealed = try AESGCM.seal(data, key: key.bytes, nonce: nonce, authenticating: header() + Data(name.utf8))
            return header() + nonce + sealed
        } catch {
            throw .io("encryption failed: \(error)")
        }
    }

    private func open(_ file: Data, name: String) throws(OpenFailure) -> Data {
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
            return try AESGCM.open(sealed, key: key.bytes, nonce: nonce, authenticating: header() + Data(name.utf8))
        } catch {
            throw OpenFailure(description: "it does not authenticate: wrong key, changed bytes or another record's file")
        }
    }

    // MARK: - Paths

    /// Record names are plain file names: letters, digits, `.`, `_`, `-`, not starting with a dot.
    private func path(of name: String) throws(StoreError) -> String {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        guard !name.isEmpty, allowed, !name.hasPrefix("."), !name.contains(".damaged-"), name.utf8.count <= 200 else {
            throw .io("\"\(name)\" is not a valid record name (letters, digits, . _ -)")
        }
        return AppPaths.join(directory, name)
    }

    private func moveAside(_ path: String, name: String) throws(StoreError) -> String {
        let stamp = now().formatted(
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
}
