import CEpoll
import Glibc

/// The system calls whose failure the server must survive, replaceable so tests can make them
/// fail on purpose (see Docs/server.md, "When a system call fails").
struct SystemCalls: Sendable {
    /// A new non-blocking connection and its peer's IPv4 address (network order), or -1 with errno.
    var accept: @Sendable (_ listener: Int32, _ address: inout UInt32) -> Int32
    /// send(2) with MSG_NOSIGNAL: bytes sent, or -1 with errno.
    var send: @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    var makePoller: @Sendable () throws(SystemError) -> any ReadinessPoller
    var startThread: @Sendable (_ name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) -> LoopThread

    static let live = SystemCalls(
        accept: { listener, address in cepoll_accept(listener, &address) },
        send: { fd, bytes in Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) },
        makePoller: { () throws(SystemError) -> any ReadinessPoller in try ReadinessPollers.makeDefault() },
        startThread: { name, body throws(SystemError) in try LoopThread.start(name: name, body) }
    )
}

/// A joinable POSIX thread: an event loop runs on one for its whole life, never on the
/// cooperative pool.
struct LoopThread: @unchecked Sendable {
    // @unchecked: pthread_t is an integer handle, only joined once by the server that made it.
    let handle: pthread_t

    private final class Body {
        let name: String
        let run: @Sendable () -> Void
        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }

    static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) -> LoopThread {
        let context = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var handle = pthread_t()
        let status = pthread_create(&handle, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            cepoll_name_thread(body.name)
            body.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw SystemError(call: "pthread_create", code: status)
        }
        return LoopThread(handle: handle)
    }

    func join() {
        _ = pthread_join(handle, nil)
    }
}
