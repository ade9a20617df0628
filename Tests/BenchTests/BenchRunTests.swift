import Contract
import CoreTesting
import Foundation
import Testing
@testable import challenge_bench

/// The bench's moving parts on small, fast inputs: a program on a pty, the in-process
/// measurements, and the verdicts drawn from measurements (no timing is asserted).
@Suite(.timeLimit(.minutes(10))) struct BenchRunTests {
    private func context(runs: Int = 1) throws -> BenchContext {
        guard case .run(let options) = try BenchOptions.parse(["--runs", String(runs)]) else {
            throw BenchOptions.Failure(description: "no options")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tests-\(UUID().uuidString)").path
        return BenchContext(
            options: options, tuiPath: "/nonexistent", serverPath: "/nonexistent", dialogPath: nil, nodePath: nil,
            scratch: scratch)
    }

    @Test func aProgramOnThePseudoTerminalIsReadIntoTheScreenModel() async throws {
        try await offThePool { try Self.readAProgramOnThePseudoTerminal() }
    }

    private static func readAProgramOnThePseudoTerminal() throws {
        let process = try PseudoTerminalProcess(
            path: "/bin/sh", arguments: ["-c", "printf 'top\\033[24;1Hq quit'; read line; printf ' got:%s' \"$line\"; sleep 5"],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(process.waitFor(["top", "q quit"], timeout: 10) != nil)
        #expect(process.screen.lines[23] == "q quit")
        #expect(ProcessStats.read(pid: process.pid)?.threads ?? 0 >= 1)
        #expect(ProcessStats.residentBytes(pid: process.pid) ?? 0 > 0)
        process.send(Array("hi\r".utf8))
        #expect(process.waitFor(["got:hi"], timeout: 10) != nil)
        process.terminate()
        #expect(ProcessStats.read(pid: process.pid) == nil)
    }

    /// The app is measured as installed: a byte-for-byte copy, executable; a file that can't be
    /// read is a clear failure.
    @Test func theMeasuredAppIsAnInstalledCopyOfTheBuildsFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-copy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let source = directory + "/challenge-tui"
        let bytes = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }) // over one chunk
        try bytes.write(to: URL(fileURLWithPath: source))
        let copy = try InstalledCopy.install(source, into: directory + "/bin")
        #expect(copy == directory + "/bin/challenge-tui")
        #expect(FileManager.default.contents(atPath: copy) == bytes)
        #expect(FileManager.default.isExecutableFile(atPath: copy))
        #expect(throws: InstalledCopy.Failure.self) { try InstalledCopy.install(directory + "/missing", into: directory + "/bin") }
    }

    /// The startup, idle and keystroke lines wait for these on the real launcher: if its words
    /// change, those lines would time out and be skipped instead of measured.
    @Test func theLaunchersMarkersAreWhatTheLauncherDraws() async throws {
        try await offThePool {
            let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("challenge-tui").path
            let data = FileManager.default.temporaryDirectory.appendingPathComponent("bench-launcher-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: data) }
            let process = try PseudoTerminalProcess(
                path: binary, arguments: [],
                environment: [
                    "CHALLENGE_TUI_DATA_DIR": data, "CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32),
                    "XDG_CONFIG_HOME": data + "/config", "TERM": "xterm-256color", "LANG": "C.UTF-8",
                ])
            defer { process.terminate() }
            #expect(process.waitFor(BenchContext.launcherMarkers, timeout: 30) != nil, "\(process.screen.lines)")
        }
    }

    @Test func aMissingProgramIsAnErrorNotACrash() {
        #expect(throws: PseudoTerminalProcess.Failure.self) {
            try PseudoTerminalProcess(path: "/nonexistent/program", arguments: [], environment: [:])
        }
    }

    @Test func articlesAtSmallScaleGiveEveryLine() async throws {
        let bench = ArticlesScaleBench(context: try context())
        let scales = try await offThePool { try bench.measure(counts: [60, 120]) }
        #expect(scales.map(\.count) == [60, 120])
        #expect(scales.allSatisfy { $0.decodeAndSort != nil && $0.firstFrame != nil && $0.rowMove != nil && $0.pageMove != nil })
        let lines = bench.report(scales, memory: (growth: 1024, jsonBytes: 2048))
        #expect(lines.contains { $0.measure == "articles 60: decode + sort" })
        #expect(lines.contains { $0.measure == "articles 120: one-row move (key to diff, the real app)" })
        #expect(lines.last?.result == "1.0 KiB (JSON body 2.0 KiB)")
    }

    /// The bench times the real app: a ↓ rewrites the two titles it moves between (and the
    /// marker), a key that does nothing changes no cell.
    @Test func aMoveInTheRealAppChangesOnlyTheCellsItMoves() async throws {
        let articles = SampleArticles.articles(count: 30)
        let (down, nothing, screen) = try await offThePool {
            let app = try HeadlessArticlesApp(storedArticles: articles)
            return (app.press(.down), app.press(.function(12)), app.terminal.snapshot)
        }
        #expect(screen.contains("30 articles"))
        #expect(down > 0 && down < 200, "\(down) cells")
        #expect(nothing == 0)
    }

    @Test func theEncryptedStoreRoundTripsItsRecord() async throws {
        let context = try context()
        defer { context.cleanUp() }
        let bench = StoreBench(context: context)
        let measured = try await offThePool { bench.measure() }
        guard case .throughput(let throughput) = measured else {
            Issue.record("store failed: \(measured)")
            return
        }
        #expect(throughput.seal?.count == 1)
        #expect(bench.report(measured).map(\.measure) == ["encrypted store: seal + write 10 MB", "encrypted store: read + open 10 MB"])
    }

    @Test func pageFaultsAndRelocationsAreReadFromTheProcessAndTheProgramFile() throws {
        #expect(ProcessStats.parsePageFaults("42 (a (b) c) S 1 42 42 0 -1 4194560 731 0 2 0 5 1") == 733)
        #expect(ProcessStats.parsePageFaults("42 (short) S 1") == nil)
        #expect(ProcessStats.pageFaults(pid: getpid()).map { $0 > 0 } == true)
        // Every position-independent program has relocations; a text file is no ELF.
        #expect(ELFRelocations.count(path: "/proc/self/exe").map { $0 > 100 } == true)
        #expect(ELFRelocations.count(path: #filePath) == nil)
        #expect(ELFRelocations.count(in: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
    }

    @Test func verdictsFollowTheBudgets() throws {
        let context = try context()
        let idle = IdleBench(context: context).report(
            launcher: .window(.init(cpuMilliseconds: 0, wakeUpsPerSecond: 0.2, framesPerSecond: 0, bytes: 0, seconds: 5)),
            spinner: .window(.init(cpuMilliseconds: 40, wakeUpsPerSecond: 12, framesPerSecond: 14, bytes: 9000, seconds: 5)))
        #expect(idle.map(\.verdict) == [.pass, .pass, .fail, .info])

        let keys = KeystrokeBench(context: context).report(
            launchers: [
                ("launcher", .moves(.init(bytes: [75, 75], latencies: [0.2, 0.3]))),
                ("launcher, screen-reader mode", .moves(.init(bytes: [40], latencies: [0.5, 0.7]))),
                ("launcher, recording", .skipped("no file")),
            ],
            articles: .skipped("no screen"),
            dialog: .moves(.init(bytes: [141], latencies: [0.3])))
        #expect(keys.map(\.verdict) == [.info, .info, .pass, .pass, .fail, .info, .skipped, .skipped], "at or under dialog's time, in every mode")
        #expect(keys[4].measure == "↓ in the launcher, screen-reader mode: key → first byte")
        let withoutDialog = KeystrokeBench(context: context).report(
            launchers: [("launcher", .moves(.init(bytes: [75], latencies: [0.2])))], articles: .skipped("no screen"), dialog: .skipped("not installed"))
        #expect(withoutDialog.map(\.verdict) == [.skipped, .skipped, .info, .skipped])
        let huge = KeystrokeBench(context: context).report(
            launchers: [], articles: .skipped("x"), dialog: .skipped("x"),
            hugeArticles: .moves(.init(bytes: [80], latencies: [0.9, 1.1, 3.0])))
        #expect(huge.last?.measure == "↓ in the article list, 1 MB titles: key → first byte")
        #expect(huge.last?.verdict == .pass)
        let pictures = KeystrokeBench(context: context).report(
            launchers: [], articles: .skipped("x"), dialog: .skipped("x"),
            withPictures: .moves(.init(bytes: [80], latencies: [0.9, 1.1, 3.0])))
        #expect(pictures.suffix(2).map(\.measure) == [
            "↓ in the article list, thumbnails loaded: key → first byte", "↓ in the article list, thumbnails loaded: bytes written",
        ])
        #expect(pictures.suffix(2).map(\.verdict) == [.pass, .info])
        let recording = KeystrokeBench(context: context).report(
            launchers: [], articles: .skipped("x"), dialog: .skipped("x"),
            recording: (.moves(.init(bytes: [80], latencies: [1.0, 1.0, 1.0])), .moves(.init(bytes: [80], latencies: [1.04, 1.04, 2.0]))))
        #expect(recording.suffix(2).map(\.measure) == [
            "↓ in the article list, recording: key → first byte", "↓ in the article list, recording: bytes written",
        ])
        #expect(recording.suffix(2).map(\.verdict) == [.pass, .info], "4 % over: within the budget")
        let costly = KeystrokeBench(context: context).report(
            launchers: [], articles: .skipped("x"), dialog: .skipped("x"),
            recording: (.moves(.init(bytes: [80], latencies: [1.0])), .moves(.init(bytes: [80], latencies: [1.2]))))
        #expect(costly.suffix(2).first?.verdict == .fail, "20 % over")
        let unmeasured = KeystrokeBench(context: context).report(
            launchers: [], articles: .skipped("x"), dialog: .skipped("x"), recording: (.skipped("no list"), .skipped("no list")))
        #expect(unmeasured.last?.verdict == .skipped)
        #expect(KeystrokeBench.thumbnailsLoaded(["", "", "▸ ▀▀▀▀  Title", "  ▀▀▀▀  Text"]))
        #expect(!KeystrokeBench.thumbnailsLoaded(["", "", "▸ ▀▀▀▀  Title", "  ████  Other"]), "one still drawn from its URL")
        #expect(!KeystrokeBench.thumbnailsLoaded(["  Loading articles…"]))
        #expect(KeystrokeBench.hugeArticles().count < 8 << 20)
        #expect(KeystrokeBench.hugeArticles().count > 6 << 20, "six 1 MB titles")

        var startup = StartupBench.Outcome()
        startup.tui = [20, 22, 21]
        startup.residentBytes = [28 * 1024 * 1024]
        let lines = StartupBench(context: context).report(startup)
        #expect(lines.contains { $0.verdict == .skipped && $0.result == "dialog not installed" })
        #expect(lines.last?.verdict == .pass)
        startup.dialog = [19, 20, 21]
        startup.tuiFaults = [400, 410]
        startup.dialogFaults = [300]
        let near = StartupBench(context: context).report(startup)
        #expect(near.first { $0.measure.hasPrefix("first frame ratio") }?.verdict == .pass, "1.05× is within 1.1×")
        #expect(near.first { $0.measure.hasPrefix("page faults") }?.result == "405 faults (min 400, max 410, n=2) vs dialog 300")
        #expect(!near.contains { $0.measure.contains("as linked") }, "no line for a file not measured")
        startup.asLinked = [24, 25, 26]
        let linked = StartupBench(context: context).report(startup).first { $0.measure.contains("as linked") }
        #expect(linked?.result == "25.00 ms (min 24.00, max 26.00, n=3), 1.25× dialog's")
        #expect(linked?.verdict == .info && linked?.budget == "", "a line beside the measured one, with no budget of its own")
        startup.tui = [23, 23, 23]
        #expect(StartupBench(context: context).report(startup).first { $0.measure.hasPrefix("first frame ratio") }?.verdict == .fail, "1.15×")

        var outcome = ServerBench.Outcome()
        outcome.rounds[.ours] = [1: [.init(requests: 4000, errors: 0, seconds: 1), .init(requests: 3000, errors: 0, seconds: 1)]]
        outcome.rounds[.node] = [1: [.init(requests: 1000, errors: 0, seconds: 1)]]
        outcome.bursts[.ours] = .init(result: .init(statuses: [200: 10_000], failures: 0, seconds: 2.4), peakResidentBytes: 40 << 20)
        outcome.bursts[.node] = .init(result: .init(statuses: [200: 10_000], failures: 0, seconds: 2.0), peakResidentBytes: 90 << 20)
        let server = ServerBench(context: context).report(outcome)
        #expect(server.contains { $0.result == "3.50×" && $0.verdict == .pass })
        #expect(server.contains { $0.measure.hasPrefix("challenge-server req/s, 50") && $0.verdict == .skipped }) // not measured
        #expect(server.contains { $0.measure.hasPrefix("ratio of wall times") && $0.result == "1.20×" && $0.verdict == .pass })
        #expect(server.contains { $0.measure.hasPrefix("challenge-server peak resident") && $0.result == "40.0 MiB" && $0.verdict == .pass })
        var slow = outcome
        slow.bursts[.ours]?.result.seconds = 2.5
        slow.problems[.node] = "node not installed"
        slow.rounds[.node] = nil
        let slowLines = ServerBench(context: context).report(slow)
        #expect(slowLines.contains { $0.measure.hasPrefix("ratio of wall times") && $0.verdict == .fail })
        #expect(slowLines.contains { $0.measure == "node http req/s, 1 connection" && $0.result == "node not installed" })

        // With rounds on one processor, they carry the one-connection budget; the rounds left to
        // the scheduler stay in the table for information.
        var placed = outcome
        placed.rounds[.node] = [1: [.init(requests: 5000, errors: 0, seconds: 1)]]
        placed.oneProcessorRounds = [.ours: [.init(requests: 9000, errors: 0, seconds: 1)], .node: [.init(requests: 6000, errors: 0, seconds: 1)]]
        let placedLines = ServerBench(context: context).report(placed)
        let scheduled = placedLines.first { $0.measure == "ratio challenge-server / node req/s, 1 connection" }
        #expect(scheduled?.verdict == .info && scheduled?.result == "0.70× (where the scheduler put them)")
        let oneCPU = placedLines.first { $0.measure == "ratio challenge-server / node req/s, 1 connection, client and server on one CPU" }
        #expect(oneCPU?.verdict == .pass && oneCPU?.result == "1.50×")
        #expect(placedLines.contains { $0.measure == "node http req/s, 1 connection, client and server on one CPU" })
        placed.oneProcessorRounds[.ours] = [.init(requests: 3000, errors: 0, seconds: 1)]
        #expect(ServerBench(context: context).report(placed).contains { $0.measure.hasSuffix("on one CPU") && $0.verdict == .fail })
    }
}
