import Core
import CEpoll
import Dispatch
import Glibc
import Synchronization

/// A small HTTP/1.1 server on event loops: one per core, sharing the listening socket, each
/// serving its connections without blocking; a route's delay is a timer, never a sleeping
/// thread. Knows nothing of the routes (see Docs/server.md, "Architecture").
final class HTTPServer: Sendable {
    typealias Handler = @Sendable (ServerRequest) -> DelayedResponse
    /// method, path (no query), status, duration in seconds.
    typealias RequestLogger = @Sendable (_ method: String, _ path: String, _ status: Int, _ seconds: Double) -> Void

    private struct Running {
        var listener: Int32
        var loops: [ServerLoop]
        var threads: [LoopThread]
    }

    let host: String
    let port: UInt16
    let limits: HTTPLimits
    let timeouts: ServerTimeouts
    let loopCount: Int
    private let clock: any LoopClock
    private let calls: SystemCalls
    private let handler: Handler
    private let logger: RequestLogger
    private let flushLog: @Sendable () -> Void
    private let reporter: ErrorReporter
    private let running = Mutex<Running?>(nil)
    /// Counts of the server running now (a new one per start, the caps read afresh).
    private let limiter = Mutex<ConnectionLimiter?>(nil)
    /// Start and stop one at a time.
    private let lifecycle = Mutex(())

    init(host: String, port: UInt16, limits: HTTPLimits = HTTPLimits(), timeouts: ServerTimeouts = ServerTimeouts(),
         loops: Int? = nil, clock: any LoopClock = TimeSourceLoopClock(.system), calls: SystemCalls = .live,
         handler: @escaping Handler, logger: @escaping RequestLogger,
         flushLog: @escaping @Sendable () -> Void = {}, diagnostics: @escaping @Sendable (String) -> Void = StandardStreams.writeError) {
        self.host = host
        self.port = port
        self.limits = limits
        self.timeouts = timeouts
        loopCount = max(1, loops ?? Self.processorCount())
        self.clock = clock
        self.calls = calls
        self.handler = handler
        self.logger = logger
        self.flushLog = flushLog
        reporter = ErrorReporter(sink: diagnostics)
    }

    /// Binds and starts the loops; returns the port (the kernel's choice for port 0).
    func start() throws(DevServerError) -> UInt16 {
        try lifecycle.withLock { _ throws(DevServerError) in
            if running.withLock({ $0 != nil }) { throw .alreadyStarted }
            let listener = try Socket.listen(host: host, port: port)
            let limiter = ConnectionLimiter(
                maxConnections: limits.maxConnections ?? ConnectionLimiter.defaultMaxConnections(),
                maxPerAddress: limits.maxConnectionsPerAddress)
            let context = LoopContext(
                limits: limits, timeouts: timeouts, handler: handler, logger: logger, flushLog: flushLog,
                limiter: limiter, reporter: reporter, calls: calls, clock: clock,
                loopbackOnly: LoopbackHost.isLoopbackListenAddress(host))
            var loops: [ServerLoop] = []
            var threads: [LoopThread] = []
            for index in 0..<loopCount {
                do throws(SystemError) {
                    let loop = try ServerLoop(index: index, listener: listener, context: context)
                    do throws(SystemError) {
                        threads.append(try calls.startThread("challenge-srv \(index)") { loop.run() })
                        loops.append(loop)
                    } catch {
                        loop.abandon()
                        throw error
                    }
                } catch {
                    // Fewer loops still serve; none can't.
                    reporter.report(error, loops.isEmpty ? "the server could not start" : "serving with \(loops.count) event loop(s)")
                    guard !loops.isEmpty else {
                        Socket.close(listener)
                        throw .system(error.call, String(cString: strerror(error.code)))
                    }
                    break
                }
            }
            self.limiter.withLock { $0 = limiter }
            running.withLock { $0 = Running(listener: listener, loops: loops, threads: threads) }
            return Socket.localPort(listener)
        }
    }

    /// Stops accepting, closes idle connections, lets requests in flight finish for up to
    /// `grace` seconds (of the loops' clock), then closes whatever is left. Returns when every
    /// loop has ended. Safe to call more than once.
    func stop(grace: Double) {
        lifecycle.withLock { _ in
            guard let stopped = running.withLock({ $0 }) else { return }
            let deadline = clock.now() &+ Nanoseconds.from(seconds: grace)
            // Every loop lets go of the listener before it is closed, so no loop ever accepts
            // on a descriptor number that may have been reused.
            let released = DispatchSemaphore(value: 0)
            for loop in stopped.loops {
                loop.post { loop in
                    loop.beginStopping(graceDeadline: deadline)
                    released.signal()
                }
            }
            for _ in stopped.loops { released.wait() }
            // Connections still waiting in the backlog are reset now, not left hanging.
            Socket.close(stopped.listener)
            for thread in stopped.threads { thread.join() }
            flushLog()
            running.withLock { $0 = nil }
        }
    }

    var openConnections: Int { limiter.withLock { $0?.count ?? 0 } }

    /// Returns once every loop has had a turn with nothing ready: all I/O that was waiting is
    /// handled, all timers that were due have fired (tests call it after moving a manual clock).
    func settle() {
        guard let loops = running.withLock({ $0?.loops }) else { return }
        for _ in 0..<100_000 {
            let busy = Mutex(false)
            let done = DispatchSemaphore(value: 0)
            for loop in loops {
                loop.post { loop in
                    if loop.lastTurnEvents > 0 { busy.withLock { $0 = true } }
                    done.signal()
                }
            }
            for _ in loops { done.wait() }
            if !busy.withLock({ $0 }) { return }
        }
    }

    /// The earliest entry in any loop's timer heap (tests step a manual clock from one to the
    /// next); entries may be stale, so nothing need happen at it.
    func nextDeadline() -> UInt64? {
        guard let loops = running.withLock({ $0?.loops }) else { return nil }
        let earliest = Mutex<UInt64?>(nil)
        let done = DispatchSemaphore(value: 0)
        for loop in loops {
            loop.post { loop in
                if let deadline = loop.timers.earliest { earliest.withLock { $0 = min($0 ?? deadline, deadline) } }
                done.signal()
            }
        }
        for _ in loops { done.wait() }
        return earliest.withLock { $0 }
    }

    /// The processors this process may run on.
    static func processorCount() -> Int {
        Int(cepoll_processor_count())
    }
}
