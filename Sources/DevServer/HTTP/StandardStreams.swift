import Glibc

/// Writing to the standard streams without Foundation's FileHandle, which traps on a closed pipe.
enum StandardStreams {
    static func writeError(_ line: String) {
        write(line + "\n", to: STDERR_FILENO)
    }

    static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
