import CEpoll
import Glibc

/// epoll: the loop's descriptors stay registered in the kernel, so a wait costs the same with
/// ten connections as with ten thousand.
final class EpollReadinessPoller: ReadinessPoller {
    static var isAvailable: Bool { cepoll_available() == 1 }

    private let epfd: Int32
    private var events: [cepoll_event]

    init(capacity: Int = 256) throws(SystemError) {
        epfd = cepoll_create()
        guard epfd >= 0 else { throw SystemError(call: "epoll_create", code: errno) }
        events = Array(repeating: cepoll_event(), count: capacity)
    }

    func add(_ fd: Int32, _ interest: Interest) throws(SystemError) {
        guard cepoll_add(epfd, fd, Self.bits(interest)) == 0 else { throw SystemError(call: "epoll_ctl", code: errno) }
    }

    func modify(_ fd: Int32, _ interest: Interest) throws(SystemError) {
        guard cepoll_modify(epfd, fd, Self.bits(interest)) == 0 else { throw SystemError(call: "epoll_ctl", code: errno) }
    }

    func remove(_ fd: Int32) {
        _ = cepoll_remove(epfd, fd)
    }

    func willClose(_ fd: Int32) {}

    func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Int {
        let count = events.withUnsafeMutableBufferPointer {
            cepoll_wait(epfd, $0.baseAddress, Int32($0.count), timeoutMilliseconds)
        }
        if count >= 0 { return Int(count) }
        if errno == EINTR { return 0 }
        throw SystemError(call: "epoll_wait", code: errno)
    }

    func event(at index: Int) -> ReadinessEvent {
        let event = events[index]
        let bits = event.events
        return ReadinessEvent(
            fd: event.fd,
            readable: bits & UInt32(CEPOLL_IN) != 0,
            writable: bits & UInt32(CEPOLL_OUT) != 0,
            failed: bits & UInt32(CEPOLL_ERR | CEPOLL_HUP) != 0)
    }

    func close() {
        _ = Glibc.close(epfd)
    }

    private static func bits(_ interest: Interest) -> UInt32 {
        var bits: UInt32 = 0
        if interest.contains(.readable) { bits |= UInt32(CEPOLL_IN) }
        if interest.contains(.writable) { bits |= UInt32(CEPOLL_OUT) }
        if interest.contains(.exclusive) { bits |= UInt32(CEPOLL_EXCLUSIVE) }
        return bits
    }
}
