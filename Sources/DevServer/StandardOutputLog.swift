import Synchronization

/// The request log on stdout, written in batches: the loops append lines and flush at most
/// every 10 ms (see `LoopContext.logFlushInterval`), so a busy server makes one write per batch
/// instead of one per request.
final class StandardOutputLog: Sendable {
    private let buffer = Mutex<[UInt8]>([])
    /// A batch this big is written at once.
    private let limit: Int
    private let fd: Int32

    init(fd: Int32 = 1, limit: Int = 64 * 1024) {
        self.fd = fd
        self.limit = limit
    }

    func append(_ line: String) {
        let full = buffer.withLock { buffer in
            buffer.append(contentsOf: line.utf8)
            buffer.append(10)
            return buffer.count >= limit
        }
        if full { flush() }
    }

    func flush() {
        let bytes = buffer.withLock { buffer in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        guard !bytes.isEmpty else { return }
        StandardStreams.write(String(decoding: bytes, as: UTF8.self), to: fd)
    }
}
