import Glibc

/// An answer sent on a connection the server won't keep (full, or something failed): one
/// non-blocking send, then close. Whatever the client already sent is read and dropped first,
/// so the close doesn't turn into a reset that could destroy the answer on its way.
enum Refusal {
    static func send(_ fd: Int32, _ response: ServerResponse, calls: SystemCalls) {
        var bytes: [UInt8] = []
        response.write(into: &bytes, keepAlive: false)
        _ = bytes.withUnsafeBytes { calls.send(fd, $0) }
    }

    static func sendAndClose(_ fd: Int32, _ response: ServerResponse, calls: SystemCalls) {
        send(fd, response, calls: calls)
        closeQuietly(fd)
    }

    /// Drops unread input (a little, without waiting), says we are done sending, and closes.
    static func closeQuietly(_ fd: Int32) {
        var sink = [UInt8](repeating: 0, count: 16 * 1024)
        for _ in 0..<4 {
            let count = sink.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count <= 0 { break }
        }
        _ = shutdown(fd, Int32(SHUT_WR))
        _ = Glibc.close(fd)
    }
}
