import FoundationEssentials
import Glibc

/// Reads a whole file that must be small, from a path that may name anything: a FIFO (whose
/// `open` would wait for a writer), `/dev/zero` (which never ends), a folder, a sparse file of a
/// gigabyte. Every file the program reads goes through here with its cap (Docs/security.md,
/// "Files"):
///
/// - opened with `O_NONBLOCK`, so opening a FIFO returns at once instead of waiting;
/// - `fstat` on what was opened (not on the name, which could be swapped): anything but a
///   regular file is refused;
/// - a size over the cap is refused before a byte is read;
/// - at most `limit + 1` bytes are read, so a file that grows while it is read is refused too
///   and never costs more than the cap.
public enum BoundedFileReader {
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// There is nothing under that name.
        case missing
        /// It exists but is a folder, a FIFO, a device, a socket (`kind` says which).
        case notARegularFile(kind: String)
        /// Larger than `limit` bytes (`size` is what `fstat` said, or `limit + 1` when it grew).
        case tooLarge(size: Int, limit: Int)
        /// The system refused (permissions, I/O error), in its words.
        case system(String)

        public var description: String {
            switch self {
            case .missing: "no such file"
            case .notARegularFile(let kind): "it is \(kind), not a regular file"
            case .tooLarge(let size, let limit):
                "it is larger than the limit of \(ByteCount.text(limit)) (\(ByteCount.text(size)))"
            case .system(let message): message
            }
        }
    }

    /// The bytes of `path`, at most `limit` of them, or why not.
    public static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .missing }
            throw .system(String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(kind: kind(of: info.st_mode)) }
        guard Int(info.st_size) <= limit else { throw .tooLarge(size: Int(info.st_size), limit: limit) }
        let data: Data
        do {
            data = try FileSystem.readAll(fd, limit: limit + 1)
        } catch {
            guard case .io(let message) = error else { throw .system(error.message) }
            throw .system(message)
        }
        guard data.count <= limit else { throw .tooLarge(size: data.count, limit: limit) }
        return data
    }

    /// "a folder", "a FIFO"… for a message.
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }
}
