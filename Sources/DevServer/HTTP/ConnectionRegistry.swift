import Foundation

/// The open connections, and which of them are in the middle of a request. `stop()` uses it to
/// close idle keep-alive connections at once and to wait for busy ones to finish.
///
/// `@unchecked Sendable`: all mutable state is only touched while holding `condition`, which is
/// also what `stop()` waits on (a `Mutex` can't be waited on).
final class ConnectionRegistry: @unchecked Sendable {
    private struct Entry {
        var fd: Int32
        var busy: Bool
    }

    private let condition = NSCondition()
    private var entries: [Int: Entry] = [:]
    private var nextID = 0
    private var stopping = false
    private let maxConnections: Int

    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    /// A new connection, or nil if the server is stopping or full (the caller closes `fd`).
    func register(_ fd: Int32) -> Int? {
        locked {
            guard !stopping, entries.count < maxConnections else { return nil }
            nextID += 1
            entries[nextID] = Entry(fd: fd, busy: false)
            return nextID
        }
    }

    /// Marks the connection busy when the first byte of a request has arrived. False when the
    /// server is stopping: the request is not started.
    func beginRequest(_ id: Int) -> Bool {
        locked {
            guard !stopping else { return false }
            entries[id]?.busy = true
            return true
        }
    }

    func endRequest(_ id: Int) {
        locked {
            entries[id]?.busy = false
            // Busy when `beginStopping` ran, so it was spared; it is idle now and must close like
            // the others, or it would sit in its keep-alive wait until the idle timeout.
            if stopping, let fd = entries[id]?.fd { Socket.shutdown(fd) }
            condition.broadcast()
        }
    }

    func remove(_ id: Int) {
        locked {
            entries[id] = nil
            condition.broadcast()
        }
    }

    var isStopping: Bool { locked { stopping } }

    var count: Int { locked { entries.count } }

    /// No new connections or requests from now on; idle connections are woken and close.
    func beginStopping() {
        locked {
            stopping = true
            for entry in entries.values where !entry.busy { Socket.shutdown(entry.fd) }
        }
    }

    /// Waits until no request is in flight, or `deadline`. True if none is left.
    @discardableResult
    func waitUntilNoneBusy(before deadline: Date) -> Bool {
        locked {
            while entries.values.contains(where: \.busy) {
                if !condition.wait(until: deadline) { return !entries.values.contains(where: \.busy) }
            }
            return true
        }
    }

    /// Waits until every connection is closed, or `deadline`.
    func waitUntilEmpty(before deadline: Date) {
        locked {
            while !entries.isEmpty {
                if !condition.wait(until: deadline) { return }
            }
        }
    }

    /// Accepts connections again (a stopped server started anew).
    func resume() {
        locked { stopping = false }
    }

    /// The grace period is over: wake every connection still open so its thread closes it.
    func shutdownAll() {
        locked {
            for entry in entries.values { Socket.shutdown(entry.fd) }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
