import FoundationEssentials
import Glibc

/// The 256-bit key that seals stored records, and where it comes from.
public struct EncryptionKey: Sendable, Equatable {
    /// Where a key came from (shown in `--help`-style diagnostics, never the key itself).
    public enum Source: Equatable, Sendable {
        case environment
        case passphrase(saltFile: String)
        case keyFile(String)
    }

    let bytes: Data
    public let source: Source

    /// PBKDF2 rounds for `CHALLENGE_TUI_PASSPHRASE` (OWASP's 2023 advice for PBKDF2-HMAC-SHA256).
    public static let passphraseIterations = 600_000

    /// A key from exactly 32 bytes.
    public init(bytes: Data, source: Source = .environment) throws(StoreError) {
        guard bytes.count == AESGCM.keySize else { throw .key("a key is 32 bytes, not \(bytes.count)") }
        self.bytes = bytes
        self.source = source
    }

    /// The key the program uses, first found of:
    /// 1. `CHALLENGE_TUI_KEY`: 64 hexadecimal characters;
    /// 2. `CHALLENGE_TUI_PASSPHRASE`: stretched with PBKDF2-HMAC-SHA256 (`iterations` rounds)
    ///    and a random salt stored in `keyDirectory/salt`;
    /// 3. the key file `keyDirectory/key`: 32 random bytes, created 0600 on first use, refused
    ///    when group or others may read it.
    ///
    /// - Parameter keyDirectory: defaults to `AppPaths.keyDirectory(environment:)`.
    public static func resolve(
        environment: [String: String], keyDirectory: String? = nil, iterations: Int = passphraseIterations
    ) throws(StoreError) -> EncryptionKey {
        if let hex = environment["CHALLENGE_TUI_KEY"] {
            let trimmed = hex.trimmingWhitespace()
            guard trimmed.utf8.count == 64, let bytes = Data(hexString: trimmed) else {
                throw .key("CHALLENGE_TUI_KEY must be 64 hexadecimal characters (32 bytes); it has \(trimmed.count) characters\(Data(hexString: trimmed) == nil && !trimmed.isEmpty ? ", not all hexadecimal" : "")")
            }
            return try EncryptionKey(bytes: bytes, source: .environment)
        }
        let directory = keyDirectory ?? AppPaths.keyDirectory(environment: environment)
        if let passphrase = environment["CHALLENGE_TUI_PASSPHRASE"] {
            guard !passphrase.isEmpty else { throw .key("CHALLENGE_TUI_PASSPHRASE is empty") }
            let saltFile = AppPaths.join(directory, "salt")
            let salt = try SecretFile.readOrCreate(saltFile, size: 16, what: "salt file", requirePrivate: false)
            let bytes = PBKDF2.sha256(passphrase: passphrase, salt: salt, iterations: iterations)
            return try EncryptionKey(bytes: bytes, source: .passphrase(saltFile: saltFile))
        }
        let keyFile = AppPaths.join(directory, "key")
        let bytes = try SecretFile.readOrCreate(keyFile, size: AESGCM.keySize, what: "key file", requirePrivate: true)
        return try EncryptionKey(bytes: bytes, source: .keyFile(keyFile))
    }

    public static func == (lhs: EncryptionKey, rhs: EncryptionKey) -> Bool { lhs.bytes == rhs.bytes }
}

/// A small file of random bytes made once (mode 0600, folder 0700) and read thereafter.
enum SecretFile {
    static func readOrCreate(_ path: String, size: Int, what: String, requirePrivate: Bool) throws(StoreError) -> Data {
        let directory = AppPaths.parent(of: path)
        try FileSystem.makeDirectory(directory, mode: 0o700)
        if let existing = try read(path, size: size, what: what, requirePrivate: requirePrivate) { return existing }
        let bytes = try SecureRandom.bytes(size)
        // O_EXCL: if another process creates it first, use theirs instead of overwriting it.
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            if errno == EEXIST, let theirs = try read(path, size: size, what: what, requirePrivate: requirePrivate) {
                return theirs
            }
            throw .key("can't create the \(what) \(path): \(FileSystem.lastError())")
        }
        defer { close(fd) }
        do throws(StoreError) {
            try FileSystem.writeAll(fd, bytes)
            guard fsync(fd) == 0 else { throw StoreError.io(FileSystem.lastError()) }
        } catch {
            unlink(path)
            throw .key("can't write the \(what) \(path): \(error.message)")
        }
        return bytes
    }

    /// The file's bytes, `nil` when it doesn't exist.
    private static func read(_ path: String, size: Int, what: String, requirePrivate: Bool) throws(StoreError) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .key("can't open the \(what) \(path): \(FileSystem.lastError())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .key("can't inspect the \(what) \(path): \(FileSystem.lastError())") }
        let mode = info.st_mode & 0o777
        if requirePrivate && mode & 0o077 != 0 {
            throw .key("the \(what) \(path) may be read by other users (mode \(String(mode, radix: 8))); "
                + "make it private with: chmod 600 \(path)")
        }
        let data: Data
        do { data = try FileSystem.readAll(fd) } catch { throw .key("can't read the \(what) \(path): \(error.message)") }
        guard data.count == size else {
            throw .key("the \(what) \(path) holds \(data.count) bytes instead of \(size); move it away to make a new one (data sealed with the old key will be lost)")
        }
        return data
    }
}
