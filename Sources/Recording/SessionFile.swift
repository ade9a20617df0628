import AppShell
import Core
import FoundationEssentials
import Glibc
import TUI

/// Where `--record` writes: a regular file (created, or emptied and made, mode 0600: a session is
/// its user's business), written a frame at a time, so a recording cut short by a crash keeps
/// what came before (Docs/recording.md).
package final class SessionFile {
    package let path: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// The first write that failed (disk full…); nothing more is written after it.
    package private(set) var problem: String?
    /// Bytes written so far.
    package private(set) var size = 0

    /// Opens `path` for a new recording (or a cast: `flag` names the option in messages): a
    /// folder, a FIFO or a device is refused, a symbolic link is not followed.
    package init(path: String, flag: String = "--record") throws(LaunchError) {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else {
            let reason = errno
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw LaunchError("\(flag): \(path) is \(BoundedFileReader.kind(of: info.st_mode)), not a regular file")
            }
            throw LaunchError("\(flag): cannot write \(path): \(String(cString: strerror(reason)))", exitStatus: 1)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(fd)
            throw LaunchError("\(flag): \(path) is not a regular file")
        }
        // A file that was there already keeps its mode through O_TRUNC: made 0600 like a new one.
        if info.st_mode & 0o077 != 0, fchmod(fd, 0o600) != 0 {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw LaunchError(
                "\(flag): \(path) may be read by other users (mode \(String(info.st_mode & 0o777, radix: 8))) and can't be made private: \(reason)",
                exitStatus: 1)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        descriptor = fd
    }

    deinit { close() }

    /// Queues one line (a newline is added).
    package func append(_ line: String) {
        guard problem == nil, descriptor >= 0 else { return }
        buffer.append(contentsOf: line.utf8)
        buffer.append(UInt8(ascii: "\n"))
    }

    /// Writes what is queued.
    package func flush() {
        guard problem == nil, descriptor >= 0, !buffer.isEmpty else { return }
        var written = 0
        while written < buffer.count {
            let count = buffer[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                problem = String(cString: strerror(errno))
                break
            }
            written += count
        }
        size += written
        buffer.removeAll(keepingCapacity: true)
    }

    package func close() {
        flush()
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }
}
