import CEpoll
import Glibc
import Synchronization

/// Wakes an event loop from another thread: a byte into a non-blocking pipe the loop watches.
/// Closed under its lock, so a late wake never writes into a descriptor number reused since.
final class Waker: Sendable {
    private let pipe: Mutex<(read: Int32, write: Int32)?>
    let readEnd: Int32

    init() throws(SystemError) {
        var fds: [Int32] = [-1, -1]
        guard cepoll_pipe(&fds) == 0 else { throw SystemError(call: "pipe", code: errno) }
        pipe = Mutex((fds[0], fds[1]))
        readEnd = fds[0]
    }

    func wake() {
        pipe.withLock { pipe in
            guard let pipe else { return }
            var byte: UInt8 = 1
            // A full pipe already means "wake up": EAGAIN is fine.
            _ = Glibc.write(pipe.write, &byte, 1)
        }
    }

    /// Empties the pipe (on the loop's thread, when it reported readable).
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ Glibc.read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }

    func close() {
        pipe.withLock { pipe in
            guard let open = pipe else { return }
            _ = Glibc.close(open.read)
            _ = Glibc.close(open.write)
            pipe = nil
        }
    }
}
