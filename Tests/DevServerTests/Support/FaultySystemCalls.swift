import Glibc
import Synchronization
@testable import DevServer

/// System calls that fail on purpose: each named call, after letting `after` calls through,
/// fails `count` times with the given errno, then behaves (the real call underneath).
final class FaultPlan: Sendable {
    private let failures = Mutex<[String: (after: Int, count: Int, code: Int32)]>([:])

    func fail(_ call: String, after: Int = 0, times count: Int = 1, with code: Int32) {
        failures.withLock { $0[call] = (after, count, code) }
    }

    /// The errno to fail `call` with now, if it should fail.
    func failure(_ call: String) -> Int32? {
        failures.withLock { failures in
            guard let planned = failures[call], planned.count > 0 else { return nil }
            if planned.after > 0 {
                failures[call] = (planned.after - 1, planned.count, planned.code)
                return nil
            }
            failures[call] = (0, planned.count - 1, planned.code)
            return planned.code
        }
    }

    var calls: SystemCalls {
        let live = SystemCalls.live
        return SystemCalls(
            accept: { [self] listener, address in
                if let code = failure("accept") { errno = code; return -1 }
                return live.accept(listener, &address)
            },
            send: { [self] fd, bytes in
                if let code = failure("send") { errno = code; return -1 }
                return live.send(fd, bytes)
            },
            makePoller: { [self] () throws(SystemError) -> any ReadinessPoller in
                FaultyPoller(try EpollReadinessPoller(), plan: self)
            },
            startThread: { [self] name, body throws(SystemError) in
                if let code = failure("pthread_create") { throw SystemError(call: "pthread_create", code: code) }
                return try live.startThread(name, body)
            }
        )
    }
}

/// A real poller whose `add` of a connection, `modify` and `wait` fail when the plan says so.
final class FaultyPoller: ReadinessPoller {
    private let real: any ReadinessPoller
    private let plan: FaultPlan
    private var adds = 0

    init(_ real: any ReadinessPoller, plan: FaultPlan) {
        self.real = real
        self.plan = plan
    }

    func add(_ fd: Int32, _ interest: Interest) throws(SystemError) {
        adds += 1
        // The loop's first two are its waker and the listener.
        if adds > 2, let code = plan.failure("epoll_ctl add") { throw SystemError(call: "epoll_ctl", code: code) }
        try real.add(fd, interest)
    }

    func modify(_ fd: Int32, _ interest: Interest) throws(SystemError) {
        if let code = plan.failure("epoll_ctl modify") { throw SystemError(call: "epoll_ctl", code: code) }
        try real.modify(fd, interest)
    }

    func remove(_ fd: Int32) { real.remove(fd) }
    func willClose(_ fd: Int32) { real.willClose(fd) }

    func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Int {
        if let code = plan.failure("epoll_wait") { throw SystemError(call: "epoll_wait", code: code) }
        return try real.wait(timeoutMilliseconds: timeoutMilliseconds)
    }

    func event(at index: Int) -> ReadinessEvent { real.event(at: index) }
    func close() { real.close() }
}
