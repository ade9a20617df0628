#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a wait on descriptors found.
public struct PollResult: Hashable, Sendable {
    // Arrays, in the order they were asked about: a wait has a few descriptors, and a set was
    // allocated and hashed at every key press (Docs/performance.md, "The fifth round").
    /// Descriptors with data to read.
    public var readable: [Int32]
    /// Descriptors whose other end went away (a closed terminal).
    public var hungUp: [Int32]

    public init(readable: [Int32] = [], hungUp: [Int32] = []) {
        self.readable = readable
        self.hungUp = hungUp
    }
}

/// Blocks the event loop until input arrives or a timeout passes. Injected so tests can run
/// the loop without real waiting.
public protocol Poller: AnyObject {
    /// Waits until one of `descriptors` (negative ones are ignored) can be read, or `timeout`
    /// passes (nil: no timeout). May return early and empty (a signal arrived).
    func wait(for descriptors: [Int32], timeout: Duration?) -> PollResult
}

/// `poll(2)`.
public final class SystemPoller: Poller {
    // What is asked and answered, kept from one wait to the next: the caller has let go of the
    // last answer by the next wait, so both are filled again in the memory they had, where each
    // wait (one per key press) allocated three arrays (Docs/performance.md, "The eighth round").
    private var fds: [pollfd] = []
    private var result = PollResult()

    public init() {}

    public func wait(for descriptors: [Int32], timeout: Duration?) -> PollResult {
        fds.removeAll(keepingCapacity: true)
        for descriptor in descriptors { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), timeout.map(SystemPoller.milliseconds) ?? -1)
        result.readable.removeAll(keepingCapacity: true)
        result.hungUp.removeAll(keepingCapacity: true)
        guard ready > 0 else { return result } // timeout, or EINTR: the loop re-checks all
        for fd in fds where fd.fd >= 0 {
            if fd.revents & Int16(POLLIN) != 0 { result.readable.append(fd.fd) }
            // Also with POLLIN: a pseudo-terminal whose master has closed reports POLLIN|POLLHUP
            // for ever (reads give EOF), and the loop would spin. The loop reads what input is
            // left before it acts on the hang-up.
            if fd.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                result.hungUp.append(fd.fd)
            }
        }
        return result
    }

    /// Rounded up, so a wait never ends just before a deadline (which would spin).
    static func milliseconds(_ duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: ms)
    }
}
