/// What happens when time passes: delays end, deadlines expire, accepting resumes.
extension ServerLoop {
    func fireTimers() {
        resumeAcceptingIfDue()
        while let entry = timers.popDue(at: now) {
            guard let connection = openConnection(for: entry.fd), connection.serial == entry.serial,
                  connection.armed == entry.deadline else { continue }  // gone, or superseded
            connection.armed = nil
            guard expire(connection) else { continue }
            advance(connection)
        }
    }

    /// Applies the deadlines that have passed; false if the connection was closed.
    private func expire(_ connection: Connection) -> Bool {
        if !connection.output.isEmpty, now >= connection.lastSendProgress &+ timeouts.send {
            close(connection)  // it stopped reading: nothing can reach it
            return false
        }
        switch connection.phase {
        case .head(let since) where now >= since &+ timeouts.head:
            reject(connection, RequestFailure(status: 408, message: "Request head incomplete after \(Self.seconds(context.timeouts.head))"))
        case .body(_, let since) where now >= since &+ timeouts.body:
            reject(connection, RequestFailure(status: 408, message: "Request body incomplete after \(Self.seconds(context.timeouts.body))"))
        case .betweenRequests where connection.isIdle:
            if let idleSince = connection.idleSince, now >= idleSince &+ timeouts.idle {
                close(connection)
                return false
            }
        default:
            break
        }
        return true
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
