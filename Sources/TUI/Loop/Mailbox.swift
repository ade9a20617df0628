import CSystem
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread-safe message queue with a self-pipe: posting from any thread appends the message
/// and writes a byte to the pipe, which wakes the event loop's `poll`.
final class Mailbox<Message: Sendable>: Sendable {
    private let queue = Mutex<[Message]>([])
    private let hasMessages = Atomic<Bool>(false)
    /// The end the event loop polls.
    let readDescriptor: Int32
    /// The end posters (and signal handlers) write to.
    let writeDescriptor: Int32

    init() throws(TerminalError) {
        var fds: [Int32] = [-1, -1]
        // Both ends non-blocking and closed on exec in one system call, not seven (the start's
        // system calls, Docs/performance.md, "The fourth round: the file as installed").
        guard csystem_wake_pipe(&fds) == 0 else { throw TerminalError.cannotStart("no wake pipe: \(String(cString: strerror(errno)))") }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    func post(_ message: Message) {
        let wasEmpty = queue.withLock { queue in
            defer {
                queue.append(message)
                hasMessages.store(true, ordering: .releasing)
            }
            return queue.isEmpty
        }
        // One byte per batch is enough: the loop drains the pipe before taking the queue.
        if wasEmpty { wake() }
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1) // EAGAIN: the pipe is full, the loop will wake anyway
    }

    /// Empties the pipe. Call before `takeAll`, so a post racing with the two is not lost.
    func drainWakeups() {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 256) { buffer in
            while read(readDescriptor, buffer.baseAddress, buffer.count) > 0 {}
        }
    }

    /// Whether nothing is posted. Asked first because most turns (every key press) find it so,
    /// and the loop's code, generic over the message, looks up the type of an array of them
    /// (a search of the runtime's tables) for every `takeAll`: a flag of its own, set and
    /// cleared under the lock, is read without one. A post it misses wakes the loop again.
    var isEmpty: Bool { !hasMessages.load(ordering: .acquiring) }

    func takeAll() -> [Message] {
        queue.withLock { queue in
            defer {
                queue.removeAll()
                hasMessages.store(false, ordering: .releasing)
            }
            return queue
        }
    }
}

/// A `Sendable` handle background work uses to send messages to the app on the loop thread.
public struct Poster<Message: Sendable>: Sendable {
    let mailbox: Mailbox<Message>

    public func post(_ message: Message) { mailbox.post(message) }
    public func callAsFunction(_ message: Message) { mailbox.post(message) }
}
