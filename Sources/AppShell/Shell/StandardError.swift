import Glibc

/// Writes to stderr with `write(2)` alone, whole, retried when a signal interrupts it: what the
/// program says before the terminal is started, after it is given back, and the export's
/// progress line.
package enum StandardError {
    package static func write(_ text: String) {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
