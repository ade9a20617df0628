import FoundationEssentials
import Glibc

/// The 256-bit key that seals stored records, and where it comes from. The bytes live in
/// `SecretBytes`, wiped when the last copy of the key goes (Docs/security.md).
public struct EncryptionKey: Sendable, Equatable {
    /// Where a key came from (shown in diagnostics, never the key itself).
    public enum Source: Equatable, Sendable, CustomStringConvertible {
        case environment
        case passphrase(saltFile: String)
        case keyFile(String)

        /// "CHALLENGE_TUI_KEY", "CHALLENGE_TUI_PASSPHRASE (salt in …)", "the key file …".
        public var description: String {
            switch self {
            case .environment: "CHALLENGE_TUI_KEY"
            case .passphrase(let saltFile): "CHALLENGE_TUI_PASSPHRASE (salt in \(saltFile))"
            case .keyFile(let path): "the key file \(path)"
            }
        }
    }

    let secret: SecretBytes
    public let source: Source

    /// PBKDF2 rounds for `CHALLENGE_TUI_PASSPHRASE` (OWASP's 2023 advice for PBKDF2-HMAC-SHA256).
    public static let passphraseIterations = 600_000

    /// A key from exactly 32 bytes (copied; the caller's `bytes` are theirs to wipe).
    public init(bytes: Data, source: Source = .environment) throws(StoreError) {
        guard bytes.count == AESGCM.keySize else { throw .key("a key is 32 bytes, not \(bytes.count)") }
        self.secret = SecretBytes(copying: bytes)
        self.source = source
    }

    /// A copy of the key's bytes, for tests; the store works on `secret` without copying.
    var bytes: Data { secret.withUnsafeBytes { Data($0) } }

    /// The key the program uses, first found of:
    /// 1. `CHALLENGE_TUI_KEY`: 64 hexadecimal characters;
    /// 2. `CHALLENGE_TUI_PASSPHRASE`: stretched with PBKDF2-HMAC-SHA256 (`iterations` rounds)
    ///    and a random salt stored in `keyDirectory/salt`;
    /// 3. the key file `keyDirectory/key`: 32 random bytes, created 0600 on first use (in a
    ///    0700 folder), refused when group or others may read it or another user owns it.
    ///
    /// The caller removes the variables from the process afterwards
    /// (`ProcessHardening.removeFromEnvironment`).
    ///
    /// - Parameter keyDirectory: defaults to `AppPaths.keyDirectory(environment:)`.
    public static func resolve(
        environment: [String: String], keyDirectory: String? = nil, iterations: Int = passphraseIterations
    ) throws(StoreError) -> EncryptionKey {
        // libcrypto is loaded here, on first use; without it nothing can be sealed or opened.
        if let problem = OpenSSLError.unavailable { throw .key("the store can't be opened: \(problem)") }
        if let hex = environment["CHALLENGE_TUI_KEY"] {
            let trimmed = hex.trimmingWhitespace()
            guard trimmed.utf8.count == 64, var bytes = Data(hexString: trimmed) else {
                throw .key("CHALLENGE_TUI_KEY must be 64 hexadecimal characters (32 bytes); it has \(trimmed.count) characters\(Data(hexString: trimmed) == nil && !trimmed.isEmpty ? ", not all hexadecimal" : "")")
            }
            defer { bytes.cleanse() }
            return try EncryptionKey(bytes: bytes, source: .environment)
        }
        let directory = keyDirectory ?? AppPaths.keyDirectory(environment: environment)
        if let passphrase = environment["CHALLENGE_TUI_PASSPHRASE"] {
            guard !passphrase.isEmpty else { throw .key("CHALLENGE_TUI_PASSPHRASE is empty") }
            let saltFile = AppPaths.join(directory, "salt")
            let salt = try SecretFile.readOrCreate(saltFile, size: 16, what: "salt file", requirePrivate: false)
            var bytes = PBKDF2.sha256(passphrase: passphrase, salt: salt, iterations: iterations)
            defer { bytes.cleanse() }
            return try EncryptionKey(bytes: bytes, source: .passphrase(saltFile: saltFile))
        }
        let keyFile = AppPaths.join(directory, "key")
        var bytes = try SecretFile.readOrCreate(keyFile, size: AESGCM.keySize, what: "key file", requirePrivate: true)
        defer { bytes.cleanse() }
        return try EncryptionKey(bytes: bytes, source: .keyFile(keyFile))
    }

    public static func == (lhs: EncryptionKey, rhs: EncryptionKey) -> Bool { lhs.secret.isEqual(to: rhs.secret) }
}

/// A small file of random bytes made once (mode 0600, folder 0700) and read thereafter.
///
/// Two copies of the program starting at once must end up with the same bytes, and neither may
/// ever read a half-written file: the bytes go to a temp file first, fsynced, then `link()`ed
/// into place, which fails if the name exists — the loser reads the winner's file instead. The
/// folder is fsynced so the new name survives a crash. See Docs/security.md.
enum SecretFile {
    static func readOrCreate(_ path: String, size: Int, what: String, requirePrivate: Bool) throws(StoreError) -> Data {
        let directory = AppPaths.parent(of: path)
        try FileSystem.makePrivateDirectory(directory)
        if let existing = try read(path, size: size, what: what, requirePrivate: requirePrivate) { return existing }
        var bytes = try SecureRandom.bytes(size)
        let name = path.split(separator: "/").last.map(String.init) ?? what
        let temp = AppPaths.join(directory, ".\(name).tmp-\(getpid())-\(try SecureRandom.bytes(6).hexString)")
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            bytes.cleanse()
            throw .key("can't create the \(what) \(path): \(FileSystem.lastError())")
        }
        do throws(StoreError) {
            defer { close(fd) }
            try FileSystem.writeAll(fd, bytes)
            guard fsync(fd) == 0 else { throw StoreError.io(FileSystem.lastError()) }
        } catch {
            unlink(temp)
            bytes.cleanse()
            throw .key("can't write the \(what) \(path): \(error.message)")
        }
        let linked = link(temp, path) == 0
        let linkError = errno
        unlink(temp)
        guard linked else {
            bytes.cleanse()
            // Another copy of the program was quicker: its file is whole (it was linked only
            // after being written and flushed), so use it.
            if linkError == EEXIST, let theirs = try read(path, size: size, what: what, requirePrivate: requirePrivate) {
                return theirs
            }
            throw .key("can't create the \(what) \(path): \(String(cString: strerror(linkError)))")
        }
        FileSystem.fsyncDirectory(directory)
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
        guard info.st_mode & S_IFMT == S_IFREG else { throw .key("the \(what) \(path) is not a regular file") }
        let mode = info.st_mode & 0o777
        if requirePrivate && info.st_uid != geteuid() {
            throw .key("the \(what) \(path) belongs to another user (uid \(info.st_uid)); "
                + "a key must be your own: move it away to make a new one (data sealed with it will be lost)")
        }
        if requirePrivate && mode & 0o077 != 0 {
            throw .key("the \(what) \(path) may be read by other users (mode \(String(mode, radix: 8))); "
                + "make it private with: chmod 600 \(path)")
        }
        // One byte more than expected is enough to tell a wrong size; never read a huge file.
        var data: Data
        do { data = try FileSystem.readAll(fd, limit: size + 1) } catch { throw .key("can't read the \(what) \(path): \(error.message)") }
        guard data.count == size else {
            data.cleanse()
            throw .key("the \(what) \(path) holds \(data.count > size ? "more than \(size)" : "\(data.count)") bytes instead of \(size); move it away to make a new one (data sealed with the old key will be lost)")
        }
        return data
    }
}
