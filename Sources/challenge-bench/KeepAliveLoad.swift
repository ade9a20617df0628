import CEpoll
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Closed-loop keep-alive load on one thread with epoll: `connections` connections, each
/// sending its next GET as soon as the answer to the last one is in (no pipelining), for a
/// fixed time, timing every request. A server that closes a connection is reconnected to
/// (and that cost counts against it, as it would for a real client).
struct KeepAliveLoad: Sendable {
    var port: UInt16
    var path: String
    var connections: Int
    var seconds: Double

    struct Result: Equatable, Sendable {
        var requests: Int
        var errors: Int
        var seconds: Double
        /// Per request, from send to the whole answer, in seconds; sorted.
        var latencies: [Double] = []

        var perSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
        var p99: Double? { Percentile.of(latencies, 0.99) }
    }

    private final class Client {
        var fd: Int32 = -1
        var reader = ResponseReader()
        var sentAt: UInt64 = 0
    }

    func run() -> Result {
        let poller = cepoll_create()
        guard poller >= 0 else { return Result(requests: 0, errors: 1, seconds: 0) }
        defer { close(poller) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        var clients: [Int32: Client] = [:]
        var requests = 0, errors = 0
        var latencies: [UInt64] = []
        latencies.reserveCapacity(1 << 18)

        func start(_ client: Client) -> Bool {
            client.fd = LoopbackSocket.connect(port: port, blocking: true)
            guard client.fd >= 0 else { return false }
            _ = fcntl(client.fd, F_SETFL, fcntl(client.fd, F_GETFL) | O_NONBLOCK)
            client.reader = ResponseReader()
            clients[client.fd] = client
            return cepoll_add(poller, client.fd, UInt32(CEPOLL_IN)) == 0 && send(client)
        }
        func send(_ client: Client) -> Bool {
            client.sentAt = Monotonic.nanoseconds()
            return request.withUnsafeBytes { Glibc.send(client.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == request.count
        }
        func restart(_ client: Client) {
            clients[client.fd] = nil
            close(client.fd)
            if !start(client) { errors += 1 }
        }

        let begin = Monotonic.nanoseconds()
        let end = begin + UInt64(seconds * 1e9)
        for _ in 0..<max(1, connections) where !start(Client()) { errors += 1 }
        var events = [cepoll_event](repeating: cepoll_event(), count: 256)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while Monotonic.nanoseconds() < end {
            let count = cepoll_wait(poller, &events, Int32(events.count), 100)
            for index in 0..<max(0, Int(count)) {
                guard let client = clients[events[index].fd] else { continue }
                let received = chunk.withUnsafeMutableBytes { recv(client.fd, $0.baseAddress, $0.count, 0) }
                guard received > 0 else { errors += 1; restart(client); continue }
                let answers = chunk.withUnsafeBytes { client.reader.feed(UnsafeRawBufferPointer(rebasing: $0[0..<received])) }
                for answer in answers {
                    let now = Monotonic.nanoseconds()
                    if (200...299).contains(answer.status) {
                        requests += 1
                        latencies.append(now - client.sentAt)
                    } else {
                        errors += 1
                    }
                    if !answer.keepAlive { restart(client) } else if !send(client) { errors += 1; restart(client) }
                }
                if client.reader.failed { errors += 1; restart(client) }
            }
        }
        let elapsed = Double(Monotonic.nanoseconds() - begin) / 1e9
        for client in clients.values { close(client.fd) }
        return Result(requests: requests, errors: errors, seconds: elapsed, latencies: latencies.map { Double($0) / 1e9 }.sorted())
    }
}

/// CLOCK_MONOTONIC in nanoseconds.
enum Monotonic {
    static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
