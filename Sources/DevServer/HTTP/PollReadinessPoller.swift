import Glibc

/// poll(): the fallback where epoll doesn't exist. Every wait hands the kernel the whole list,
/// so it costs more per connection, but it behaves the same.
final class PollReadinessPoller: ReadinessPoller {
    private var interests: [Int32: Interest] = [:]
    private var ready: [ReadinessEvent] = []

    func add(_ fd: Int32, _ interest: Interest) throws(SystemError) {
        guard interests[fd] == nil else { throw SystemError(call: "poll add", code: EEXIST) }
        interests[fd] = interest
    }

    func modify(_ fd: Int32, _ interest: Interest) throws(SystemError) {
        guard interests[fd] != nil else { throw SystemError(call: "poll modify", code: ENOENT) }
        interests[fd] = interest
    }

    func remove(_ fd: Int32) {
        interests[fd] = nil
    }

    func willClose(_ fd: Int32) {
        interests[fd] = nil
    }

    func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Int {
        var descriptors = interests.map { fd, interest in
            var events: Int16 = 0
            if interest.contains(.readable) { events |= Int16(POLLIN) }
            if interest.contains(.writable) { events |= Int16(POLLOUT) }
            return pollfd(fd: fd, events: events, revents: 0)
        }
        let count = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        ready.removeAll(keepingCapacity: true)
        if count < 0 {
            if errno == EINTR { return 0 }
            throw SystemError(call: "poll", code: errno)
        }
        for descriptor in descriptors where descriptor.revents != 0 {
            let bits = Int32(descriptor.revents)
            ready.append(ReadinessEvent(
                fd: descriptor.fd,
                readable: bits & Int32(POLLIN) != 0,
                writable: bits & Int32(POLLOUT) != 0,
                failed: bits & Int32(POLLERR | POLLHUP | POLLNVAL) != 0))
        }
        return ready.count
    }

    func event(at index: Int) -> ReadinessEvent { ready[index] }

    func close() { interests.removeAll() }
}
