import Glibc
import Synchronization

/// One event loop: a thread that waits on its poller for every connection it owns, reads and
/// answers them without blocking, and keeps their deadlines and delays in a timer heap. The
/// server runs one per core; they share the listening socket (see Docs/server.md,
/// "Architecture").
///
/// `@unchecked Sendable`: everything but `inbox` and `waker` is only touched on the loop's own
/// thread (or, once the loop has finished, by whoever posts to it); other threads reach it
/// only through `post`.
final class ServerLoop: @unchecked Sendable {
    let index: Int
    let context: LoopContext
    let poller: any ReadinessPoller
    let waker: Waker
    let listener: Int32
    let timeouts: Connection.Timeouts

    var connections: [Connection?] = []
    var connectionCount = 0
    /// The most connections open at once since memory was last given back (`releaseMemoryIfQuiet`).
    var busiestSinceRelease = 0
    var timers = TimerHeap()
    var nextSerial: UInt64 = 0
    /// Loop-clock nanoseconds, read once per turn.
    var now: UInt64
    var listening = false
    var acceptPausedUntil: UInt64?
    /// A descriptor kept open for the moment the table is full: closing it makes room to accept
    /// one connection and answer it 503.
    var spare: Int32
    /// Set by `beginStopping`: connections left at this moment are closed.
    var graceDeadline: UInt64?
    let scratch: UnsafeMutableRawBufferPointer

    private let inbox = Mutex<(tasks: [@Sendable (ServerLoop) -> Void], finished: Bool)>(([], false))
    private var running = true
    /// Readiness reports of the turn under way, the waker's aside (0: nothing was waiting).
    private var turnEvents = 0
    private var logWaiting = false
    /// Loop-clock time of the last flush of the log.
    private var lastLogFlush: UInt64 = 0

    init(index: Int, listener: Int32, context: LoopContext) throws(SystemError) {
        self.index = index
        self.listener = listener
        self.context = context
        timeouts = Connection.Timeouts(context.timeouts)
        poller = try context.calls.makePoller()
        do {
            waker = try Waker()
        } catch {
            poller.close()
            throw error
        }
        do {
            try poller.add(waker.readEnd, .readable)
            try poller.add(listener, [.readable, .exclusive])
        } catch {
            poller.close()
            waker.close()
            throw error
        }
        listening = true
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        now = context.clock.now()
        scratch = .allocate(byteCount: 64 * 1024, alignment: 16)
        let waker = waker
        context.clock.register { waker.wake() }
        // The first report, before any turn: an observer learns which loops there are.
        context.turnObserver?(LoopTurn(loop: index, events: 0, nextDeadline: nil, finished: false))
    }

    deinit {
        scratch.deallocate()
    }

    /// The loop; returns once it has stopped and closed everything it owned.
    func run() {
        while running {
            let count: Int
            do {
                count = try poller.wait(timeoutMilliseconds: waitTimeout())
            } catch {
                fail(error)
                break
            }
            now = context.clock.now()
            turnEvents = 0
            for index in 0..<count { handle(poller.event(at: index)) }
            fireTimers()
            runInbox()
            flushLogIfDue()
            if let graceDeadline { finishStopping(graceDeadline: graceDeadline) }
            context.turnObserver?(LoopTurn(loop: index, events: turnEvents, nextDeadline: timers.earliest, finished: false))
        }
        finish()
    }

    /// Runs `task` on the loop's thread at the end of its current turn (after I/O and timers),
    /// or at once on the caller's thread if the loop has already finished.
    func post(_ task: @escaping @Sendable (ServerLoop) -> Void) {
        let queued = inbox.withLock { inbox in
            guard !inbox.finished else { return false }
            inbox.tasks.append(task)
            return true
        }
        if queued { waker.wake() } else { task(self) }
    }

    /// Called whenever a request was logged, so the line goes out within `logFlushInterval`.
    func noteLogged() {
        logWaiting = true
    }

    // MARK: - Turn by turn

    private func handle(_ event: ReadinessEvent) {
        if event.fd == waker.readEnd {
            waker.drain()
            return
        }
        turnEvents += 1
        if event.fd == listener {
            if listening { acceptConnections() }
        } else if let connection = openConnection(for: event.fd) {
            serve(connection, event)
        }
    }

    func openConnection(for fd: Int32) -> Connection? {
        Int(fd) < connections.count ? connections[Int(fd)] : nil
    }

    /// One clock reading per turn (`now`): on some machines reading the clock is a system call.
    private func waitTimeout() -> Int32 {
        var deadline = timers.earliest
        if let until = acceptPausedUntil { deadline = min(deadline ?? until, until) }
        if let graceDeadline { deadline = min(deadline ?? graceDeadline, graceDeadline) }
        if logWaiting {
            let flush = lastLogFlush &+ LoopContext.logFlushInterval
            deadline = min(deadline ?? flush, flush)
        }
        let timeout = context.clock.waitMilliseconds(from: now, until: deadline)
        // A clock that won't wake the loop by itself (tests) gets the log written before it sleeps.
        if timeout < 0, logWaiting { flushLog() }
        return timeout
    }

    private func runInbox() {
        let tasks = inbox.withLock { inbox in
            defer { inbox.tasks.removeAll() }
            return inbox.tasks
        }
        for task in tasks { task(self) }
    }

    private func flushLogIfDue() {
        if logWaiting, now &- lastLogFlush >= LoopContext.logFlushInterval { flushLog() }
    }

    private func flushLog() {
        context.flushLog()
        logWaiting = false
        lastLogFlush = now
    }

    // MARK: - Stopping

    /// No more connections or requests; idle connections close now, busy ones after their
    /// answers, and all that are left at `graceDeadline`.
    func beginStopping(graceDeadline: UInt64) {
        guard self.graceDeadline == nil else { return }
        self.graceDeadline = graceDeadline
        stopListening()
        acceptPausedUntil = nil
        for case let connection? in connections {
            if connection.isIdle {
                close(connection)
            } else if connection.isBetweenRequests {
                connection.lastRequestRead = true
                advance(connection)
            }
        }
        finishStopping(graceDeadline: graceDeadline)
    }

    private func finishStopping(graceDeadline: UInt64) {
        if connectionCount > 0, now >= graceDeadline {
            for case let connection? in connections { close(connection) }
        }
        if connectionCount == 0 { running = false }
    }

    var isStopping: Bool { graceDeadline != nil }

    func stopListening() {
        guard listening else { return }
        poller.remove(listener)
        listening = false
    }

    /// The poller broke: nothing more can be waited for. Every connection still owed an answer
    /// gets a 503 if one can still be sent, then all close.
    private func fail(_ error: SystemError) {
        context.reporter.report(error, "event loop \(index) stopped; its connections were answered 503 and closed")
        for case let connection? in connections {
            if !connection.isIdle, connection.output.isEmpty {
                Refusal.send(connection.fd, .text(503, "Server error: the event loop stopped"), calls: context.calls)
            }
            close(connection)
        }
    }

    /// Closes what `init` opened, for a loop whose thread never started.
    func abandon() {
        running = false
        finish()
    }

    private func finish() {
        stopListening()
        for case let connection? in connections { close(connection) }
        if logWaiting { flushLog() }
        let leftover = inbox.withLock { inbox in
            inbox.finished = true
            defer { inbox.tasks.removeAll() }
            return inbox.tasks
        }
        for task in leftover { task(self) }
        poller.close()
        waker.close()
        if spare >= 0 { Glibc.close(spare) }
        spare = -1
        context.turnObserver?(LoopTurn(loop: index, events: 0, nextDeadline: nil, finished: true))
    }
}
