import FoundationEssentials
import Glibc

/// The few POSIX file operations the store needs, with errors as `StoreError.io`. POSIX rather
/// than FileManager because durability needs fsync of files and folders and exact modes.
/// `read(2)` under a name that doesn't clash with `FileSystem.read(_:)`.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

enum FileSystem {
    static func lastError() -> String { String(cString: strerror(errno)) }

    /// Creates `path` and its missing parents with `mode` (an existing folder is left as it is).
    static func makeDirectory(_ path: String, mode: mode_t) throws(StoreError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw .io("\(path) exists and is not a folder") }
            return
        }
        let parent = AppPaths.parent(of: path)
        if parent != path { try makeDirectory(parent, mode: mode) }
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw .io("can't create the folder \(path): \(lastError())")
        }
        // mkdir applies the umask; the mode asked for is the one meant.
        chmod(path, mode)
    }

    /// `makeDirectory(path, mode: 0o700)`, and an existing folder made private too, unless it
    /// belongs to another user (then it is refused: they could swap what is inside).
    static func makePrivateDirectory(_ path: String) throws(StoreError) {
        try makeDirectory(path, mode: 0o700)
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .io("can't inspect the folder \(path): \(lastError())") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .key("\(path) is not a folder (a symbolic link?)") }
        guard info.st_uid == geteuid() else {
            throw .key("the folder \(path) belongs to another user (uid \(info.st_uid)); keys must be kept in a folder of your own")
        }
        if info.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw .io("can't make the folder \(path) private: \(lastError())")
        }
    }

    /// The data folder, checked as the key folder is (Docs/security.md, "The data folder's owner
    /// and mode"): created 0700; an existing one of ours that group or others may enter is made
    /// 0700 (its former mode is returned, for the log); one of another user is refused
    /// (`StoreError.foreignFolder`), since its owner could remove or roll back any record. A
    /// symbolic link to a folder is followed: what is checked is the folder the records go in,
    /// through the descriptor opened, so it can't be swapped between the check and the chmod.
    static func makeOwnDataDirectory(_ path: String) throws(StoreError) -> mode_t? {
        try makeDirectory(path, mode: 0o700)
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io("can't open the folder \(path): \(lastError())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io("can't inspect the folder \(path): \(lastError())") }
        guard info.st_uid == geteuid() else { throw .foreignFolder(directory: path, owner: info.st_uid) }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        guard fchmod(fd, 0o700) == 0 else { throw .io("can't make the folder \(path) private: \(lastError())") }
        return mode
    }

    static func writeAll(_ fd: Int32, _ data: Data) throws(StoreError) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { write(fd, $0.baseAddress! + offset, data.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .io(lastError())
            }
            offset += written
        }
    }

    /// Everything left to read, or the first `limit` bytes of it.
    static func readAll(_ fd: Int32, limit: Int = .max) throws(StoreError) -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: min(64 * 1024, max(1, limit)))
        // The buffer may have held a key file's bytes.
        defer { buffer.cleanse() }
        while result.count < limit {
            let wanted = min(buffer.count, limit - result.count)
            let count = buffer.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(lastError())
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }

    /// The whole file, `nil` when it doesn't exist; refused when it is not a regular file or is
    /// larger than `limit` bytes (`BoundedFileReader`: never blocks, never reads past the cap).
    static func read(_ path: String, limit: Int) throws(StoreError) -> Data? {
        do {
            return try BoundedFileReader.read(path, limit: limit)
        } catch .missing {
            return nil
        } catch {
            throw .io("can't read \(path): \(error)")
        }
    }

    /// The names in the folder `path` (without `.` and `..`); empty when it can't be read.
    static func names(in path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func fsyncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
