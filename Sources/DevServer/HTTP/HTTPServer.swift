import Core
import Foundation
import Glibc
import Synchronization

/// A small HTTP/1.1 server: an accept loop on its own thread and one thread per connection, so
/// a handler that sleeps 15 s holds up nobody else. Knows nothing of the routes.
final class HTTPServer: Sendable {
    typealias Handler = @Sendable (ServerRequest) -> ServerResponse
    /// method, path (no query), status, duration in seconds.
    typealias Logger = @Sendable (_ method: String, _ path: String, _ status: Int, _ seconds: Double) -> Void

    private struct State {
        var listener: Int32?
        /// Writing a byte to `wake[1]` ends the accept loop.
        var wake: (read: Int32, write: Int32)?
        var acceptLoopRunning = false
    }

    let host: String
    let port: UInt16
    let limits: HTTPLimits
    let timeouts: ServerTimeouts
    private let handler: Handler
    private let logger: Logger
    private let registry: ConnectionRegistry
    private let state = Mutex(State())
    private let acceptLoopDone = NSCondition()

    init(host: String, port: UInt16, limits: HTTPLimits, timeouts: ServerTimeouts, maxConnections: Int = 1000,
         handler: @escaping Handler, logger: @escaping Logger) {
        self.host = host
        self.port = port
        self.limits = limits
        self.timeouts = timeouts
        self.handler = handler
        self.logger = logger
        self.registry = ConnectionRegistry(maxConnections: maxConnections)
    }

    /// Binds and starts accepting; returns the port (the kernel's choice for port 0).
    func start() throws(DevServerError) -> UInt16 {
        if state.withLock({ $0.listener != nil }) { throw .alreadyStarted }
        let listener = try Socket.listen(host: host, port: port)
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            Socket.close(listener)
            throw .system("pipe", Socket.errorText())
        }
        let wake = (read: pipeFDs[0], write: pipeFDs[1])
        registry.resume()
        state.withLock {
            $0.listener = listener
            $0.wake = wake
            $0.acceptLoopRunning = true
        }
        let thread = Thread { [self] in acceptLoop(listener: listener, wake: wake.read) }
        thread.name = "challenge-server accept"
        thread.start()
        return Socket.localPort(listener)
    }

    /// Stops accepting, closes idle connections, lets requests in flight finish for up to
    /// `grace` seconds, then shuts down whatever is left. Safe to call more than once.
    func stop(grace: Double) {
        guard let wake = state.withLock({ state -> (read: Int32, write: Int32)? in
            defer { state.wake = nil }
            return state.wake
        }) else { return }
        registry.beginStopping()
        var byte: UInt8 = 1
        _ = Glibc.write(wake.write, &byte, 1)
        acceptLoopDone.lock()
        while state.withLock({ $0.acceptLoopRunning }) { acceptLoopDone.wait() }
        acceptLoopDone.unlock()
        Socket.close(wake.read)
        Socket.close(wake.write)

        registry.waitUntilNoneBusy(before: Date(timeIntervalSinceNow: grace))
        registry.shutdownAll()
        // Threads woken by the shutdown close their sockets at once; a handler still sleeping
        // past the grace period ends on its own and finds its socket shut down.
        registry.waitUntilEmpty(before: Date(timeIntervalSinceNow: 1))
        state.withLock { $0.listener = nil }
    }

    var openConnections: Int { registry.count }

    private func acceptLoop(listener: Int32, wake: Int32) {
        defer {
            Socket.close(listener)
            acceptLoopDone.lock()
            state.withLock { $0.acceptLoopRunning = false }
            acceptLoopDone.broadcast()
            acceptLoopDone.unlock()
        }
        while true {
            let ready = Socket.waitReadable([listener, wake], timeout: -1)
            if ready[1] { return }
            guard ready[0] else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                // EMFILE and friends: back off briefly instead of spinning.
                if errno != EINTR && errno != ECONNABORTED && errno != EAGAIN { usleep(10_000) }
                continue
            }
            guard let id = registry.register(fd) else {
                Socket.setSendTimeout(fd, seconds: 1)
                Socket.write(fd, ServerResponse.text(503, "Server busy or shutting down").serialized(keepAlive: false))
                Socket.close(fd)
                continue
            }
            Socket.setSendTimeout(fd, seconds: timeouts.send)
            let connection = Connection(id: id, fd: fd, server: self)
            let thread = Thread { connection.run() }
            thread.name = "challenge-server connection \(id)"
            thread.start()
        }
    }

    /// One client connection, served on its own thread until it closes.
    private struct Connection: Sendable {
        let id: Int
        let fd: Int32
        let server: HTTPServer

        func run() {
            defer {
                server.registry.remove(id)
                Socket.close(fd)
            }
            var buffer: [UInt8] = []
            while serveOne(&buffer) {}
        }

        /// Serves one request; false when the connection must close.
        private func serveOne(_ buffer: inout [UInt8]) -> Bool {
            var busy = false
            defer { if busy { server.registry.endRequest(id) } }

            let head: RequestHead
            var needsParse = !buffer.isEmpty
            while true {
                if !buffer.isEmpty, !busy {
                    guard server.registry.beginRequest(id) else { return false }
                    busy = true
                }
                // Parse only when a line may have ended, so a client trickling bytes costs one
                // scan per line, not one per byte.
                let parsed = needsParse ? RequestParser.parse(buffer, limits: server.limits) : .incomplete
                switch parsed {
                case .head(let parsed, let length):
                    head = parsed
                    buffer.removeFirst(length)
                case .failure(let failure):
                    reject(failure)
                    return false
                case .incomplete:
                    switch Socket.read(fd, timeout: busy ? server.timeouts.request : server.timeouts.idle) {
                    case .bytes(let bytes):
                        buffer += bytes
                        needsParse = bytes.contains(10) || buffer.count > server.limits.maxHeadBytes
                    case .closed: return false
                    case .timedOut:
                        if busy { reject(RequestFailure(status: 408, message: "Request incomplete")) }
                        return false
                    }
                    continue
                }
                break
            }

            // curl (the app's client) may wait for this before sending a body.
            if buffer.count < head.contentLength, head.headers["Expect"]?.lowercased() == "100-continue" {
                Socket.write(fd, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            while buffer.count < head.contentLength {
                switch Socket.read(fd, timeout: server.timeouts.request) {
                case .bytes(let bytes): buffer += bytes
                case .closed: return false  // The client hung up mid-body; nobody to answer.
                case .timedOut:
                    reject(RequestFailure(status: 408, message: "Request body incomplete"))
                    return false
                }
            }
            let body = Data(buffer.prefix(head.contentLength))
            buffer.removeFirst(head.contentLength)

            let request = ServerRequest(method: head.method, target: head.target, version: head.version, headers: head.headers, body: body)
            let started = ContinuousClock.now
            let response = server.handler(request)
            let keepAlive = request.wantsKeepAlive && !server.registry.isStopping
            // Logged before the answer goes out, so whoever has the answer finds the line.
            server.logger(request.method, request.path, response.status, (ContinuousClock.now - started).inSeconds)
            return Socket.write(fd, response.serialized(keepAlive: keepAlive)) && keepAlive
        }

        private func reject(_ failure: RequestFailure) {
            server.logger("-", "-", failure.status, 0)
            Socket.write(fd, ServerResponse.text(failure.status, failure.message).serialized(keepAlive: false))
        }
    }
}
