import Glibc

/// The temp files a store's writes leave behind when the program dies between creating one and
/// renaming it into place (kill -9, power cut): `.NAME.tmp-PID-HEX`, where PID is the writer's
/// process and HEX 12 random hex digits. Nothing else removes them, so a store removes its own
/// when it opens (Docs/security.md, "Stored data and keys"):
///
/// - only names of exactly that pattern (a record name or the key check after the dot);
/// - only in the store's own folder, never below it, and only regular files (`lstat`: a symbolic
///   link is left, whatever it points at);
/// - only when their writer is gone (`kill(PID, 0)` fails with `ESRCH`): a temp file of a
///   program running now — another copy of this one saving at this moment — is left alone.
enum StaleTempFiles {
    /// The writer's PID when `name` is one of the store's temp files, else `nil`.
    static func writer(of name: String) -> pid_t? {
        // Read from the end: "-" and 12 hex digits, the PID's digits, ".tmp-", the target name.
        let bytes = Array(name.utf8)
        guard bytes.count > 1 + 5 + 1 + 13, bytes[0] == UInt8(ascii: "."),
              bytes.suffix(12).allSatisfy(isHexDigit), bytes[bytes.count - 13] == UInt8(ascii: "-")
        else { return nil }
        var pidStart = bytes.count - 13
        while pidStart > 0 && (48...57).contains(bytes[pidStart - 1]) { pidStart -= 1 }
        let pidDigits = bytes[pidStart..<(bytes.count - 13)]
        let marker = Array(".tmp-".utf8)
        guard !pidDigits.isEmpty, pidDigits.count <= 10, pidStart >= 1 + marker.count + 1,
              Array(bytes[(pidStart - marker.count)..<pidStart]) == marker,
              let pid = pid_t(String(decoding: pidDigits, as: UTF8.self)), pid > 0
        else { return nil }
        let target = String(decoding: bytes[1..<(pidStart - marker.count)], as: UTF8.self)
        guard target == String(KeyCheck.fileName.dropFirst()) || EncryptedFileStore.isRecordName(target) else { return nil }
        return pid
    }

    /// Removes the stale temp files in `directory` and returns their names.
    static func remove(in directory: String) -> [String] {
        var removed: [String] = []
        for name in FileSystem.names(in: directory) {
            guard let pid = writer(of: name), isGone(pid) else { continue }
            let path = AppPaths.join(directory, name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if unlink(path) == 0 { removed.append(name) }
        }
        if !removed.isEmpty { FileSystem.fsyncDirectory(directory) }
        return removed
    }

    /// Whether no process has that id (a process of another user still counts as alive: `EPERM`).
    static func isGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) != 0 && errno == ESRCH
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...102).contains(byte)
    }
}
