import FoundationEssentials
import Glibc
import Synchronization

public enum LogLevel: String, Comparable, Hashable, Sendable, CaseIterable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .warning: 2
        case .error: 3
        }
    }
}

/// Writes one line per event to the file given by `--log FILE`:
/// `2025-01-31T14:03:02.125Z INFO  http: GET /rLogin -> 200 in 812 ms (attempt 1)`.
/// Every message goes through `Redaction.forLog` first, so no token, password or URL query
/// value reaches the file, then `OutsideText.escaped`, so no control or bidi character does. Thread-safe: lines from different threads never interleave. Without
/// a file (`Logger.disabled`) it does nothing and costs nothing.
public final class Logger: Sendable {
    private let descriptor: Mutex<Int32?>
    private let minimumLevel: LogLevel
    private let time: TimeSource?

    /// The logger used when no `--log` is given.
    public static let disabled = Logger()

    private init() {
        descriptor = Mutex(nil)
        minimumLevel = .error
        time = nil
    }

    /// Appends to `path` (created with mode 0600, an existing file made 0600: a log is nobody else's
    /// business). The file must
    /// be a regular file or a character device (`/dev/null`, a terminal): a folder is refused, and
    /// so is a FIFO, which is opened without waiting for a reader (`O_NONBLOCK`) and would
    /// otherwise block every line written (Docs/security.md, "The log").
    /// - Parameter time: the wall time stamped on each line.
    public init(path: String, level: LogLevel = .debug, time: TimeSource) throws(LogFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else {
            let reason = errno
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw .notAFile(path: path, kind: BoundedFileReader.kind(of: info.st_mode))
            }
            throw .cannotOpen(path: path, reason: String(cString: strerror(reason)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotOpen(path: path, reason: reason)
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFCHR else {
            close(fd)
            throw .notAFile(path: path, kind: BoundedFileReader.kind(of: info.st_mode))
        }
        // A log that was there already is made 0600 too (the mode given to open applies only to a
        // new file); /dev/null and terminals are not ours to change.
        if type == S_IFREG, info.st_mode & 0o077 != 0, fchmod(fd, 0o600) != 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotOpen(path: path, reason: "it may be read by other users (mode \(String(info.st_mode & 0o777, radix: 8))) and can't be made private: \(reason)")
        }
        // Writes wait again (a terminal that is busy for a moment must not lose lines).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        descriptor = Mutex(fd)
        minimumLevel = level
        self.time = time
    }

    deinit {
        descriptor.withLock { fd in if let fd { close(fd) } }
    }

    public var isEnabled: Bool { descriptor.withLock { $0 != nil } }

    public func log(_ level: LogLevel, _ subsystem: String, _ message: @autoclosure () -> String) {
        guard level >= minimumLevel, isEnabled, let time else { return }
        let line = Self.line(date: time.wallNow, level: level, subsystem: subsystem, message: message())
        let bytes = Array(line.utf8)
        descriptor.withLock { fd in
            guard let fd else { return }
            // One write(2) per line under the lock; O_APPEND keeps lines whole even across processes.
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    public func debug(_ subsystem: String, _ message: @autoclosure () -> String) { log(.debug, subsystem, message()) }
    public func info(_ subsystem: String, _ message: @autoclosure () -> String) { log(.info, subsystem, message()) }
    public func warning(_ subsystem: String, _ message: @autoclosure () -> String) { log(.warning, subsystem, message()) }
    public func error(_ subsystem: String, _ message: @autoclosure () -> String) { log(.error, subsystem, message()) }

    /// The formatted line, redacted, one line even when the message has several, and safe to
    /// `cat`: a server's escapes, controls and bidi characters are written as JSON escapes
    /// (`OutsideText`; Docs/security.md, "Outside text").
    static func line(date: Date, level: LogLevel, subsystem: String, message: String) -> String {
        let time = date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        var flat = Redaction.forLog(message)
        if flat.contains(where: \.isNewline) {
            flat = flat.replacing("\r\n", with: " ⏎ ").replacing("\n", with: " ⏎ ").replacing("\r", with: " ⏎ ")
        }
        flat = OutsideText.escaped(flat)
        let name = level.rawValue.uppercased()
        let levelName = name + String(repeating: " ", count: max(0, 7 - name.count))
        return "\(time) \(levelName) \(subsystem): \(flat)\n"
    }
}

/// Why `--log FILE` can't be used.
public enum LogFileError: Error, Hashable, Sendable {
    /// The name is a folder, a FIFO, a socket…: not something a log can be appended to.
    case notAFile(path: String, kind: String)
    /// The system refused to open or create it (permissions, a missing folder…).
    case cannotOpen(path: String, reason: String)

    /// A mistake in what was named rather than a refusal by the system.
    public var isWrongKind: Bool {
        if case .notAFile = self { true } else { false }
    }

    public var message: String {
        switch self {
        case .notAFile(let path, let kind): "\(path) is \(kind), not a file a log can be written to"
        case .cannotOpen(let path, let reason): "can't open the log file \(path): \(reason)"
        }
    }
}
