import Foundation
import Glibc

/// Reading requests, answering them in order once their delays are over, and writing the
/// answers out: the HTTP/1.1 side of a connection.
extension ServerLoop {
    func serve(_ connection: Connection, _ event: ReadinessEvent) {
        if event.failed || event.readable && wantsToRead(connection) {
            read(connection)
            guard isOpen(connection) else { return }
        } else if event.readable {
            // Reading stopped since the last event (see `watch`): stop watching for it now.
            guard setInterest(connection, connection.interest.subtracting(.readable)) else { return }
        }
        if event.writable { advance(connection) }
    }

    private func wantsToRead(_ connection: Connection) -> Bool {
        !connection.endOfInput && canReadRequests(connection)
    }

    /// One read per readiness report (the poller reports again if more is waiting), so a
    /// client that sends a lot can't starve the others.
    private func read(_ connection: Connection) {
        let count = recv(connection.fd, scratch.baseAddress, scratch.count, 0)
        if count > 0 {
            if connection.isBetweenRequests, connection.input.isEmpty { connection.phase = .head(since: now) }
            connection.input.append(UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
            advance(connection)
        } else if count == 0 {
            connection.endOfInput = true
            // Mid-request there is nobody to answer; otherwise what was asked is still answered.
            if !connection.isBetweenRequests || !connection.input.isEmpty || connection.replies.isEmpty && connection.output.isEmpty {
                close(connection)
            } else {
                advance(connection)
            }
        } else if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR {
            close(connection)
        }
    }

    /// Everything that can happen now on `connection`: parse and dispatch what was read, send
    /// the answers that are due, then watch for what is needed next and arm its deadline.
    func advance(_ connection: Connection) {
        while true {
            let unread = connection.input.count
            let owed = connection.replies.count
            readRequests(connection)
            let queued = queueDueAnswers(connection)
            let unsent = connection.output.count
            guard flush(connection) else { return }
            // Answers that went out may have made room for requests already read, or for
            // answers that are due but waited for room: go again while that gets somewhere.
            let progressed = connection.input.count != unread || queued > 0 || connection.output.count < unsent
                || connection.replies.count != owed
            let readsMore = !connection.input.isEmpty && canReadRequests(connection)
            let queuesMore = !connection.closeAfterFlush && connection.output.count < Self.outputHighWater
                && connection.replies.first.map { $0.readyAt <= now } == true
            if !progressed || !readsMore && !queuesMore { break }
        }
        if isStopping, connection.isIdle {
            close(connection)
            return
        }
        if connection.isIdle {
            if connection.idleSince == nil { connection.idleSince = now }
        } else {
            connection.idleSince = nil
        }
        guard watch(connection) else { return }
        arm(connection)
    }

    /// Answers still owed and bytes not yet sent are bounded: past either bound nothing more is
    /// read or parsed until they have gone. The bytes count what is queued for sending *and*
    /// the bodies of answers built but not yet queued (Docs/server.md, "Limits"): a client that
    /// pipelines and never reads holds at most this plus one answer.
    static let outputHighWater = 256 * 1024

    private func canReadRequests(_ connection: Connection) -> Bool {
        !connection.lastRequestRead && connection.replies.count < context.limits.maxPipelinedRequests
            && connection.output.count + connection.builtReplyBytes < Self.outputHighWater
    }

    private func readRequests(_ connection: Connection) {
        while canReadRequests(connection) {
            switch connection.phase {
            case .betweenRequests, .head:
                guard !connection.input.isEmpty else { return }
                if isStopping, connection.isBetweenRequests {
                    // Stopping: the request in progress is finished, no new one is started.
                    connection.lastRequestRead = true
                    return
                }
                if connection.isBetweenRequests { connection.phase = .head(since: now) }
                let searched = connection.searched
                let parsed = connection.input.withUnread { RequestParser.parse($0, searchFrom: searched, limits: context.limits) }
                switch parsed {
                case .incomplete:
                    connection.searched = connection.input.count
                    return
                case .failure(let failure):
                    reject(connection, failure)
                    return
                case .head(let head, let length):
                    connection.input.consume(length)
                    connection.searched = 0
                    if head.contentLength == 0 {
                        connection.phase = .betweenRequests
                        dispatch(connection, head, body: Data())
                    } else {
                        connection.phase = .body(head, since: now)
                        // curl (the app's client) may wait for this before sending a body.
                        if head.expectsContinue, connection.input.count < head.contentLength {
                            connection.replies.append(PendingReply(
                                response: .text(100, ""), readyAt: now, requestedAt: now, method: "", path: "", keepAlive: true, interim: true))
                        }
                    }
                }
            case .body(let head, _):
                guard connection.input.count >= head.contentLength else { return }
                let body = connection.input.prefix(head.contentLength)
                connection.input.consume(head.contentLength)
                connection.phase = .betweenRequests
                dispatch(connection, head, body: body)
            }
        }
    }

    private func dispatch(_ connection: Connection, _ head: RequestHead, body: Data) {
        // A request is activity: the idle deadline counts from when the connection is idle
        // again, even when the answer goes out in this same turn (Docs/server.md).
        connection.idleSince = nil
        if !head.keepAlive { connection.lastRequestRead = true }
        let request = ServerRequest(method: head.method, target: head.target, version: head.version, headers: head.headers, body: body)
        let answer: DelayedResponse
        if head.version == .http11, head.host == nil {
            // RFC 9112 §3.2: an HTTP/1.1 request names its host; HTTP/1.0 may not (Docs/server.md).
            answer = DelayedResponse(.text(400, "An HTTP/1.1 request needs a Host field"))
        } else if context.loopbackOnly, let host = head.host, host != connection.loopbackHost, !LoopbackHost.isLoopback(hostField: host) {
            answer = DelayedResponse(.text(421, "This server only answers requests for localhost or 127.0.0.1 (Host: \(host.prefix(100)))"))
        } else {
            if context.loopbackOnly { connection.loopbackHost = head.host }
            answer = context.handler(request)
        }
        connection.replies.append(PendingReply(
            response: answer.response, readyAt: now &+ Nanoseconds.from(seconds: answer.delay), requestedAt: now,
            method: request.method, path: request.path, keepAlive: head.keepAlive))
    }

    /// A request that can't be served: answered in its turn, then the connection closes.
    func reject(_ connection: Connection, _ failure: RequestFailure) {
        connection.lastRequestRead = true
        connection.discardsInput = true
        connection.phase = .betweenRequests
        connection.input.removeAll()
        connection.replies.append(PendingReply(
            response: .text(failure.status, failure.message), readyAt: now, requestedAt: now, method: "-", path: "-", keepAlive: false))
    }

    /// Moves the answers whose turn and time have come into the output, logging each.
    /// How many answers were queued.
    @discardableResult
    private func queueDueAnswers(_ connection: Connection) -> Int {
        var queued = 0
        // An answer waits in `replies` (its body often shared with the route's cache) rather
        // than being copied into a full output.
        while let first = connection.replies.first, first.readyAt <= now, !connection.closeAfterFlush,
              connection.output.count < Self.outputHighWater, !connection.output.endsInBody {
            connection.replies.removeFirst()
            queued += 1
            if first.interim {
                if connection.output.isEmpty { connection.lastSendProgress = now }
                connection.output.appending { $0.append(contentsOf: PendingReply.continueBytes) }
                continue
            }
            let last = connection.replies.isEmpty && connection.isBetweenRequests && (connection.lastRequestRead || isStopping)
            let keepAlive = first.keepAlive && !last
            if connection.output.isEmpty { connection.lastSendProgress = now }
            // Logged before the answer goes out, so whoever has the answer finds the line.
            context.logger(first.method, first.path, first.response.status, Nanoseconds.seconds(now &- first.requestedAt))
            noteLogged()
            first.response.write(into: &connection.output, keepAlive: keepAlive)
            if !keepAlive {
                connection.closeAfterFlush = true
                connection.lastRequestRead = true
                connection.replies.removeAll()
            }
        }
        return queued
    }

    /// Sends what it can; false if the connection was closed (all sent and done, or failed).
    private func flush(_ connection: Connection) -> Bool {
        while !connection.output.isEmpty {
            let sent = connection.output.withUnread { context.calls.send(connection.fd, UnsafeRawBufferPointer($0)) }
            if sent > 0 {
                connection.output.consume(sent)
                connection.lastSendProgress = now
                continue
            }
            let code = errno
            if sent < 0, code == EINTR { continue }
            if sent < 0, code == EAGAIN || code == EWOULDBLOCK { return true }
            // A client that went away is routine; anything else is worth one line.
            if code != EPIPE, code != ECONNRESET {
                context.reporter.report(SystemError(call: "send", code: code), "closed the connection")
            }
            close(connection)
            return false
        }
        if connection.closeAfterFlush || connection.endOfInput && connection.replies.isEmpty {
            closeGracefully(connection)
            return false
        }
        return true
    }

    /// Tells the poller what the connection waits for now; false if that failed (and it was
    /// closed). Reading is only ever stopped lazily, when a readable report comes that isn't
    /// wanted: most connections close first, and the call is saved.
    private func watch(_ connection: Connection) -> Bool {
        var wanted = connection.interest.intersection(.readable)
        if wantsToRead(connection) { wanted.insert(.readable) }
        if !connection.output.isEmpty { wanted.insert(.writable) }
        return setInterest(connection, wanted)
    }

    private func setInterest(_ connection: Connection, _ wanted: Interest) -> Bool {
        guard wanted != connection.interest else { return true }
        do {
            try poller.modify(connection.fd, wanted)
            connection.interest = wanted
            return true
        } catch {
            context.reporter.report(error, "answered 503 and closed the connection")
            if connection.output.isEmpty { Refusal.send(connection.fd, .text(503, "Server error: cannot watch this connection"), calls: context.calls) }
            close(connection)
            return false
        }
    }

    /// Puts the connection's next deadline in the timer heap unless an earlier entry is there.
    func arm(_ connection: Connection) {
        guard let next = connection.nextDeadline(timeouts, after: now) else { return }
        if let armed = connection.armed, armed <= next { return }
        timers.push(TimerHeap.Entry(deadline: next, fd: connection.fd, serial: connection.serial))
        connection.armed = next
    }

    func isOpen(_ connection: Connection) -> Bool {
        openConnection(for: connection.fd) === connection
    }

    /// After the last answer. A refused request may have left bytes unread, which would turn
    /// the close into a reset that can destroy the answer on its way: those are dropped first.
    private func closeGracefully(_ connection: Connection) {
        guard connection.discardsInput else { return close(connection) }
        forget(connection)
        Refusal.closeQuietly(connection.fd)
    }

    func close(_ connection: Connection) {
        forget(connection)
        Glibc.close(connection.fd)
    }

    private func forget(_ connection: Connection) {
        guard isOpen(connection) else { return }
        connections[Int(connection.fd)] = nil
        connectionCount -= 1
        releaseMemoryIfQuiet()
        poller.willClose(connection.fd)
        context.limiter.release(connection.address)
    }
}
