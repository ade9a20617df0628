import Foundation
import Glibc
import Testing
@testable import DevServer

@Suite(.timeLimit(.minutes(10))) struct RequestLogTests {
    @Test func linesCarryAnISOTimestampWithMilliseconds() {
        #expect(RequestLog.line(at: testNow, method: "GET", path: "/rLogin", status: 200, seconds: 3.0004)
            == "2024-01-01T00:00:00.000Z GET /rLogin 200 3000ms")
        #expect(RequestLog.timestamp(Date(timeIntervalSince1970: 1_709_251_199.0456)) == "2024-02-29T23:59:59.045Z")
        #expect(RequestLog.timestamp(Date(timeIntervalSince1970: 0.5)) == "1970-01-01T00:00:00.500Z")
    }

    @Test func theStandardOutputLogWritesBatchesWhenFlushedOrFull() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let log = StandardOutputLog(fd: fds[1], limit: 4096)
        log.append("one")
        log.append("two")
        func available() -> String {
            var bytes = [UInt8](repeating: 0, count: 1 << 17)
            var descriptor = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { return "" }
            let count = bytes.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            return String(decoding: bytes[..<max(0, count)], as: UTF8.self)
        }
        #expect(available() == "", "nothing is written before a flush")
        log.flush()
        #expect(available() == "one\ntwo\n")
        log.flush()
        #expect(available() == "")
        let long = String(repeating: "x", count: 1000)
        for _ in 0..<5 { log.append(long) }  // past the limit: written without a flush
        #expect(available().count == 5 * 1001)
        close(fds[1])
    }
}
