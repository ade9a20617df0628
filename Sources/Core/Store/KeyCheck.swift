import FoundationEssentials
import Glibc

/// Proof, kept beside the data, of which key the data was stored under: the file
/// `.key-check` holds `"CTUIKEY" | 0x01 | HMAC-SHA256(key, label)`. A key whose check differs is
/// refused before anything is read, moved or written, so a wrong `CHALLENGE_TUI_KEY` or
/// passphrase destroys nothing. The HMAC of a fixed label tells nothing about the key (it is a
/// pseudo-random function of it) and lets no one check a guess faster than a sealed record
/// already does. See Docs/security.md, "A wrong key".
enum KeyCheck {
    static let fileName = ".key-check"
    /// Far above the check's 40 bytes; anything larger is not a check and is never read whole.
    static let maximumBytes = 4096
    // Made when used, not kept in globals: a global `Data`'s storage pointer is stored tagged,
    // so LeakSanitizer (the fuzz targets, Docs/testing-fuzzing.md) cannot see it is still held.
    static var magic: Data { Data("CTUIKEY".utf8) + [1] }
    static var label: Data { Data("challenge-tui: the key of this folder's records, check 1".utf8) }

    /// The check file's contents for `key`.
    static func contents(for key: EncryptionKey) -> Data {
        magic + HMAC.sha256(key: key.secret, data: label)
    }

    /// Passes when `key` is the folder's; throws `StoreError.wrongKey` when it isn't.
    ///
    /// A folder without a check is either new or from before the check existed:
    /// `opensAnyRecord` tries the records there (reading only). A key that opens one of them, or
    /// a folder without records, gets its check written now; records that exist but none of
    /// which the key opens mean the wrong key. Deleting the check file therefore never lets a
    /// wrong key in while records are there.
    static func verify(
        _ key: EncryptionKey, in directory: String, opensAnyRecord: () throws(StoreError) -> Bool?
    ) throws(StoreError) {
        let path = AppPaths.join(directory, fileName)
        let expected = contents(for: key)
        if let stored = try FileSystem.read(path, limit: maximumBytes) {
            guard HMAC.isEqual(stored, expected) else { throw wrongKey(key, directory) }
            return
        }
        if try opensAnyRecord() == false { throw wrongKey(key, directory) }
        try create(path, contents: expected, in: directory, key: key)
    }

    private static func wrongKey(_ key: EncryptionKey, _ directory: String) -> StoreError {
        .wrongKey(keySource: key.source.description, directory: directory)
    }

    /// Written to a temp file, then linked into place: two copies of the program starting at
    /// once on a new folder both end up checking against the one that got there first.
    private static func create(_ path: String, contents: Data, in directory: String, key: EncryptionKey) throws(StoreError) {
        let temp = AppPaths.join(directory, "\(fileName).tmp-\(getpid())-\(try SecureRandom.bytes(6).hexString)")
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .io("can't create \(temp): \(FileSystem.lastError())") }
        do throws(StoreError) {
            defer { close(fd) }
            try FileSystem.writeAll(fd, contents)
            guard fsync(fd) == 0 else { throw StoreError.io("can't flush \(temp): \(FileSystem.lastError())") }
        } catch {
            unlink(temp)
            throw error
        }
        let linked = link(temp, path) == 0
        let linkError = errno
        unlink(temp)
        if linked {
            FileSystem.fsyncDirectory(directory)
            return
        }
        guard linkError == EEXIST, let theirs = try FileSystem.read(path, limit: maximumBytes) else {
            throw .io("can't create \(path): \(String(cString: strerror(linkError)))")
        }
        guard HMAC.isEqual(theirs, contents) else { throw wrongKey(key, directory) }
    }
}
