import Glibc

/// Taking new connections off the shared listening socket, within the caps.
extension ServerLoop {
    /// A few per turn, so the loops share a burst of new connections instead of one taking all.
    static let acceptsPerTurn = 64

    func acceptConnections() {
        for _ in 0..<Self.acceptsPerTurn {
            var address: UInt32 = 0
            let fd = context.calls.accept(listener, &address)
            guard fd >= 0 else {
                let code = errno
                switch code {
                case EAGAIN, EWOULDBLOCK: return
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE:
                    context.reporter.report(SystemError(call: "accept", code: code), "answering new connections 503 until descriptors are free")
                    refuseWithSpareDescriptor()
                    return
                default:
                    context.reporter.report(SystemError(call: "accept", code: code), "pausing accepting for 100 ms each time")
                    pauseAccepting()
                    return
                }
            }
            admit(fd, address: address)
        }
    }

    private func admit(_ fd: Int32, address: UInt32) {
        switch context.limiter.admit(address) {
        case .admitted:
            break
        case .serverFull:
            context.reporter.once(key: "server full", "challenge-server: \(context.limiter.maxConnections) connections open (the server's cap); new ones get 503 (reported once)")
            Refusal.sendAndClose(fd, .text(503, "Server busy: \(context.limiter.maxConnections) connections are open; try again later"), calls: context.calls)
            return
        case .addressFull:
            let from = ConnectionLimiter.text(address)
            context.reporter.once(key: "address full", "challenge-server: \(from) has \(context.limiter.maxPerAddress) connections open (the per-address cap); its new ones get 503 (reported once)")
            Refusal.sendAndClose(fd, .text(503, "Too many connections from \(from): at most \(context.limiter.maxPerAddress) at once; close some and try again"), calls: context.calls)
            return
        }
        do {
            try poller.add(fd, .readable)
        } catch {
            context.reporter.report(error, "answered 503 and closed the connection")
            Refusal.sendAndClose(fd, .text(503, "Server error: cannot watch this connection"), calls: context.calls)
            context.limiter.release(address)
            return
        }
        nextSerial += 1
        let connection = Connection(fd: fd, serial: nextSerial, address: address, now: now)
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: max(Int(fd) + 1 - connections.count, connections.count)))
        }
        connections[Int(fd)] = connection
        connectionCount += 1
        busiestSinceRelease = max(busiestSinceRelease, connectionCount)
        arm(connection)
    }

    /// The descriptor table is full: free the spare descriptor, take the waiting connection
    /// with it, answer 503, and keep the spare again. Without it the waiting connection would
    /// keep the listener readable and the loop spinning.
    private func refuseWithSpareDescriptor() {
        if spare >= 0 {
            Glibc.close(spare)
            spare = -1
            var address: UInt32 = 0
            let fd = context.calls.accept(listener, &address)
            if fd >= 0 {
                Refusal.sendAndClose(fd, .text(503, "Server busy: out of file descriptors; try again later"), calls: context.calls)
            }
            spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        if spare < 0 { pauseAccepting() }
    }

    /// Stops watching the listener for a moment (a timer in this loop turns it back on).
    func pauseAccepting() {
        stopListening()
        acceptPausedUntil = now &+ LoopContext.acceptPause
    }

    func resumeAcceptingIfDue() {
        guard let until = acceptPausedUntil, now >= until else { return }
        acceptPausedUntil = nil
        guard !isStopping else { return }
        do {
            try poller.add(listener, [.readable, .exclusive])
            listening = true
        } catch {
            context.reporter.report(error, "pausing accepting for 100 ms each time")
            acceptPausedUntil = now &+ LoopContext.acceptPause
        }
    }
}
