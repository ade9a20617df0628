import CEpoll
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Thousands of clients at once, each with one request on its own connection, spread over
/// several loopback source addresses as real clients would be (127.0.0.2, 127.0.0.3, …): one
/// thread with epoll drives them all. Measures how long until every client has its answer.
struct ConcurrentBurst: Sendable {
    var port: UInt16
    var path: String
    var clients: Int
    /// How many source addresses the clients are spread over.
    var sourceAddresses: Int
    /// Gives up on whoever has no answer by then.
    var timeout: Double

    struct Result: Equatable, Sendable {
        var statuses: [Int: Int] = [:]
        /// Clients that got no answer: refused, reset, or out of time.
        var failures = 0
        var seconds: Double = 0

        var answered200: Int { statuses[200, default: 0] }
    }

    static let connectsPerTurn = 200

    private enum Stage { case connecting, waiting }

    private struct Client {
        var stage: Stage
        var reader = ResponseReader()
    }

    func run() -> Result {
        LoopbackSocket.raiseDescriptorLimit()
        let poller = cepoll_create()
        guard poller >= 0 else { return Result(failures: clients) }
        defer { close(poller) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        var result = Result()
        var open: [Int32: Client] = [:]
        let begin = Monotonic.nanoseconds()
        var started = 0
        // Connects go out in batches between turns of the loop, so the first clients are sent
        // and answered while later ones still connect, as with real clients arriving.
        func connectBatch() {
            for _ in 0..<min(Self.connectsPerTurn, clients - started) {
                let source = UInt32(0x7F00_0002) + UInt32(started % max(1, sourceAddresses))
                started += 1
                let fd = LoopbackSocket.connect(port: port, from: source, blocking: false)
                guard fd >= 0, cepoll_add(poller, fd, UInt32(CEPOLL_OUT)) == 0 else {
                    if fd >= 0 { close(fd) }
                    result.failures += 1
                    continue
                }
                open[fd] = Client(stage: .connecting)
            }
        }
        let deadline = begin + UInt64(timeout * 1e9)
        var events = [cepoll_event](repeating: cepoll_event(), count: 1024)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        func finish(_ fd: Int32, status: Int?) {
            if let status { result.statuses[status, default: 0] += 1 } else { result.failures += 1 }
            open[fd] = nil
            close(fd)
        }
        while started < clients || !open.isEmpty, Monotonic.nanoseconds() < deadline {
            if started < clients { connectBatch() }
            let count = cepoll_wait(poller, &events, Int32(events.count), started < clients ? 0 : 100)
            for index in 0..<max(0, Int(count)) {
                let fd = events[index].fd
                guard var client = open[fd] else { continue }
                switch client.stage {
                case .connecting:
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    guard error == 0, sent == request.count, cepoll_modify(poller, fd, UInt32(CEPOLL_IN)) == 0 else {
                        finish(fd, status: nil)
                        continue
                    }
                    client.stage = .waiting
                    open[fd] = client
                case .waiting:
                    let received = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    guard received > 0 else { finish(fd, status: nil); continue }
                    let answers = chunk.withUnsafeBytes { client.reader.feed(UnsafeRawBufferPointer(rebasing: $0[0..<received])) }
                    if let answer = answers.first {
                        finish(fd, status: answer.status)
                    } else if client.reader.failed {
                        finish(fd, status: nil)
                    } else {
                        open[fd] = client
                    }
                }
            }
        }
        result.seconds = Double(Monotonic.nanoseconds() - begin) / 1e9
        for fd in open.keys { finish(fd, status: nil) }
        return result
    }
}
