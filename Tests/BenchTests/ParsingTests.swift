import CEpoll
import Foundation
import Testing
@testable import challenge_bench

@Suite(.timeLimit(.minutes(10))) struct ParsingTests {
    @Test func statusFilesGiveContextSwitchesAndResidentMemory() {
        let status = """
            Name:\tchallenge-tui
            VmRSS:\t   12345 kB
            voluntary_ctxt_switches:\t17
            nonvoluntary_ctxt_switches:\t3
            """
        #expect(ProcessStats.parseContextSwitches(status) == 20)
        #expect(ProcessStats.parseResidentBytes(status) == 12345 * 1024)
        #expect(ProcessStats.parseContextSwitches("Name: x") == nil)
        #expect(ProcessStats.parseSchedstat("123456 789 10\n") == 123456)
    }

    @Test func httpHeadsGiveStatusLengthAndKeepAlive() throws {
        let head = Array("HTTP/1.1 200 OK\r\nContent-Length: 52\r\n\r\nbody".utf8)
        let parsed = try #require(ResponseReader.parseHead(head))
        #expect(parsed.answer == .init(status: 200, keepAlive: true, bodyLength: 52))
        #expect(parsed.headLength == head.count - 4)
        let closing = Array("HTTP/1.1 500 x\r\nConnection: close\r\n\r\n".utf8)
        #expect(ResponseReader.parseHead(closing)?.answer.keepAlive == false)
        let old = Array("HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\n".utf8)
        #expect(ResponseReader.parseHead(old)?.answer.keepAlive == false)
        let kept = Array("HTTP/1.0 200 OK\r\nconnection: Keep-Alive\r\n\r\n".utf8)
        #expect(ResponseReader.parseHead(kept)?.answer.keepAlive == true)
        #expect(ResponseReader.parseHead(Array("HTTP/1.1 200 OK\r\n".utf8)) == nil)
    }

    @Test func answersAreReadHoweverTheStreamIsSplit() {
        let stream = Array("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabcHTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        for split in 1..<stream.count {
            var reader = ResponseReader()
            let first = stream[..<split].withUnsafeBytes { reader.feed($0) }
            let second = stream[split...].withUnsafeBytes { reader.feed($0) }
            #expect((first + second).map(\.status) == [200, 404], "split at \(split)")
            #expect(!reader.failed)
        }
        var garbage = ResponseReader()
        #expect(Array("SSH-2.0\r\n\r\n".utf8).withUnsafeBytes { garbage.feed($0) }.isEmpty)
        #expect(garbage.failed)
    }

    @Test func wrkOutputGivesRateAndP99() {
        let output = """
            Running 3s test @ http://127.0.0.1:3000/rLogin
              Latency Distribution
                 50%  101.00us
                 99%    1.25ms
            Requests/sec:  24567.12
            """
        #expect(Wrk.parse(output) == Wrk.Result(perSecond: 24567.12, p99Seconds: 0.00125))
        #expect(Wrk.duration("512.00us") == 0.000512)
        #expect(Wrk.duration("2.00s") == 2)
        #expect(Wrk.parse("nothing") == nil)
        #expect(Percentile.of([1, 2, 3, 4], 0.99) == 4)
        #expect(Percentile.of([1, 2, 3, 4], 0.5) == 2)
        #expect(Percentile.of([], 0.5) == nil)
    }

    @Test func theServersPortIsReadFromItsBanner() {
        #expect(ServerBench.port(in: "challenge-server listening on http://127.0.0.1:40123 (seed 1)") == 40123)
        #expect(ServerBench.port(in: "Serving HTTP on 127.0.0.1 port 8000 (http://127.0.0.1:8000/) ...") == 8000)
        #expect(ServerBench.port(in: "nothing") == nil)
    }

    @Test func optionsParseAndRejectBadInput() throws {
        #expect(try BenchOptions.parse(["--help"]) == .help)
        guard case .run(let options) = try BenchOptions.parse(["--quick", "--only", "idle,keys", "--runs", "3"]) else {
            Issue.record("expected options")
            return
        }
        #expect(options.quick)
        #expect(options.sections == [.idle, .keys])
        #expect(options.startupRuns == 3)
        #expect(BenchOptions().startupRuns == 21)
        #expect(throws: BenchOptions.Failure.self) { try BenchOptions.parse(["--only", "disk"]) }
        #expect(throws: BenchOptions.Failure.self) { try BenchOptions.parse(["--runs", "0"]) }
        #expect(throws: BenchOptions.Failure.self) { try BenchOptions.parse(["--frobnicate"]) }
    }
}

/// ProcessorPin places the caller and another process's threads on one processor, and lets
/// them go afterwards.
@Suite(.timeLimit(.minutes(10))) struct ProcessorPinTests {
    @Test func theCallerAndAProcessShareAProcessorWhilePinnedAndAreFreeAfterwards() throws {
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["5"]
        try sleeper.run()
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let pid = sleeper.processIdentifier
        #expect(ProcessorPin.threads(of: pid) == [pid])
        func allowed(_ tid: Int32) -> String? {
            (try? String(contentsOfFile: "/proc/\(tid)/status", encoding: .utf8))?
                .split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
                .map { $0.split(separator: "\t").last.map(String.init) ?? "" }
        }
        let before = allowed(pid)
        let inside = ProcessorPin.together(with: pid) { (allowed(pid), String(cepoll_current_cpu())) }
        let (pinned, cpu) = try #require(inside)
        #expect(pinned == cpu, "the process runs where the caller does")
        #expect(allowed(pid) == before, "and may run anywhere again afterwards")
        #expect(ProcessorPin.together(with: 999_999_999) { true } == nil, "no such process: nothing pinned")
    }
}
