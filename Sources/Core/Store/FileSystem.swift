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

    static func readAll(_ fd: Int32) throws(StoreError) -> Data {
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(lastError())
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    /// The whole file, `nil` when it doesn't exist.
    static func read(_ path: String) throws(StoreError) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .io("can't open \(path): \(lastError())")
        }
        defer { close(fd) }
        return try readAll(fd)
    }

    static func fsyncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
