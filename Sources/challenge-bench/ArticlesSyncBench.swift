import Articles
import Contract
import Foundation

/// The real app syncing a large feed over HTTP, as a person would see it: challenge-server serves
/// a generated file of 60, 10,000 or 100,000 articles; each round starts the app four times on
/// one fresh data folder, each start just after the bench has written and given back fresh
/// memory (`FreshMemory`) — the first sync, a second sync of the same feed over the stored list,
/// a third with ↓ typed as soon as the stored list is there (while the sync runs), and an
/// offline start (nothing listens at the server's address) that can only show the encrypted
/// stored list. The second is measured untouched: a key typed meanwhile is work the first did not
/// have, and its own line measures it.
/// Budgets: Docs/performance.md, "Articles at scale".
struct ArticlesSyncBench {
    let context: BenchContext
    static let counts = [60, 10_000, 100_000]
    static let rounds = 5

    /// One count's measurements, a value per round.
    struct Scale {
        var count: Int
        var feedBytes: Int
        var firstSync: [Double] = []
        /// The same feed downloaded alone, right before each first sync: GET to the last byte,
        /// read into one small buffer and dropped (what `curl -o /dev/null` measures).
        var download: [Double] = []
        var firstPeak: [Double] = []
        var secondSync: [Double] = []
        var secondPeak: [Double] = []
        var storedShown: [Double] = []
        var offlinePeak: [Double] = []
        var downDuringSync: [Double] = []
        var downLatency: [Double] = []
        var downBytes: [Double] = []
        /// How long writing fresh memory took right before the first and the second sync
        /// (`FreshMemory`): the machine's state, not the app's work.
        var touchBeforeFirst: [Double] = []
        var touchBeforeSecond: [Double] = []
        var skipped: String?
    }

    func measure(counts: [Int] = counts) -> [Scale] {
        counts.map(measure(count:))
    }

    /// The 60 sample articles on top, and below them (older by 20 years, new ids) as many more
    /// as `count` asks: every count's first screen is the same, so a ↓ writes the same bytes.
    static func feed(count: Int) -> Data {
        let top = SampleArticles.articles(count: min(count, 60))
        let more = SampleArticles.articles(count: max(0, count - 60), seed: 2).map { article in
            var older = article
            older.id += 10_000_000
            older.releaseDate = CalendarDate(daysSinceEpoch: article.releaseDate.daysSinceEpoch - 20 * 365) ?? article.releaseDate
            return older
        }
        return SampleArticles.json(for: top + more)
    }

    private func measure(count: Int) -> Scale {
        let feed = Self.feed(count: count)
        var scale = Scale(count: count, feedBytes: feed.count)
        let file = context.scratch + "/sync-\(count).json"
        guard FileManager.default.createFile(atPath: file, contents: feed) else {
            scale.skipped = "cannot write \(file)"
            return scale
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        let server: ServerProcess
        do {
            server = try context.startServer(articlesFile: file, log: "sync-server-\(count).log")
        } catch {
            scale.skipped = "challenge-server did not start: \(error)"
            return scale
        }
        defer {
            // Kept when the app could not sync: both sides of the story.
            if scale.skipped != nil {
                for name in ["sync-server-\(count).log", "sync-app-\(count).log"] {
                    try? FileManager.default.copyItem(atPath: context.scratch + "/" + name, toPath: NSTemporaryDirectory() + "/challenge-bench-" + name)
                }
            }
            server.stop()
        }
        // 100,000 articles are a 61 MB answer, over the app's 8 MB cap on API answers
        // (Docs/security.md): the cap is raised to 64 MB the way a user would.
        let config = context.scratch + "/sync-config.json"
        guard FileManager.default.createFile(atPath: config, contents: Data(#"{"responseLimits": {"api": 64, "image": 5}}"#.utf8)) else {
            scale.skipped = "cannot write \(config)"
            return scale
        }
        let newest = KeystrokeBench.newestSample
        // As much as the app will hold at its peak.
        let freshMemory = Self.freshMemory(feedBytes: feed.count)
        let log = context.scratch + "/sync-app-\(count).log"
        let online = ["--backend", "http", "--server", "http://127.0.0.1:\(server.port)", "--challenge", "articles", "--config", config, "--log", log]
        // Port 1 on loopback: refused at once, so the stored list is all there is.
        let offline = ["--backend", "http", "--server", "http://127.0.0.1:1", "--challenge", "articles", "--config", config]
        for round in 0..<Self.rounds {
            var environment = context.appEnvironment
            let data = context.scratch + "/sync-data-\(count)-\(round)"
            environment["CHALLENGE_TUI_DATA_DIR"] = data
            defer { try? FileManager.default.removeItem(atPath: data) }
            do {
                if let download = Self.download(port: Int(server.port), path: "/articles", bytes: feed.count) { scale.download.append(download) }
                // The first sync, into an empty data folder.
                let first = try run(online, environment: environment, until: ["synced at", newest], freshMemory: freshMemory)
                scale.firstSync.append(first.time)
                scale.firstPeak.append(first.peak)
                if let touch = first.memoryTouch { scale.touchBeforeFirst.append(touch) }
                // The second: the stored list first, then "synced at", nothing typed, so it is the
                // same work as the first plus what the stored list adds.
                let second = try run(online, environment: environment, until: ["synced at", newest], freshMemory: freshMemory)
                scale.secondSync.append(second.time)
                scale.secondPeak.append(second.peak)
                if let touch = second.memoryTouch { scale.touchBeforeSecond.append(touch) }
                // Once more, with ↓ typed as soon as the stored list is there, while the sync runs.
                let typing = try run(online, environment: environment, until: ["synced at", newest], freshMemory: freshMemory, pressDownAt: newest)
                if let down = typing.downLatency { scale.downDuringSync.append(down) }
                // Offline: the encrypted stored list alone, then ↓ in it.
                let stored = try run(offline, environment: environment, until: [newest], freshMemory: freshMemory, measureDown: true)
                scale.storedShown.append(stored.time)
                scale.offlinePeak.append(stored.peak)
                scale.downLatency += stored.downLatencies
                scale.downBytes += stored.downBytes
            } catch {
                scale.skipped = "\(error)"
                return scale
            }
        }
        return scale
    }

    private struct Run {
        var time: Double
        var peak: Double
        var downLatency: Double?
        var downLatencies: [Double] = []
        var downBytes: [Double] = []
        /// Milliseconds the bench took to write fresh memory just before the start.
        var memoryTouch: Double?
    }

    private struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts the app, times exec → all of `markers` on screen (milliseconds), lets its work
    /// finish (the save after a sync) and reads its peak memory (VmHWM). `freshMemory` bytes are
    /// written and given back just before.
    private func run(
        _ arguments: [String], environment: [String: String], until markers: [String], freshMemory: Int,
        pressDownAt early: String? = nil, measureDown: Bool = false
    ) throws -> Run {
        // The stored list's manifest is written last by a save: its change says the save is done.
        let manifest = (environment["CHALLENGE_TUI_DATA_DIR"] ?? "") + "/" + ArticlesCache.recordName
        let savedBefore = Self.modified(manifest)
        // Every start begins with the same disk: what the run before wrote (a 60 MB save) is on
        // it, not still being written back while this one is timed.
        sync()
        // And the same memory: as much as the app will hold, just written and given back
        // (`FreshMemory`).
        let touched = FreshMemory.touch(bytes: freshMemory)
        let app = try PseudoTerminalProcess(path: context.tuiPath, arguments: arguments, environment: environment)
        defer { app.terminate() }
        var downLatency: Double?
        if let early {
            guard app.waitFor([early], timeout: 60) != nil else { throw Failure(description: "no stored list within 60 s") }
            if !app.screen.contains("synced at") {
                let sent = app.send(app.downKey)
                if let answer = app.readOnce(timeout: 5) { downLatency = (answer.time - sent) * 1000 }
            }
        }
        guard let shown = app.waitFor(markers, timeout: 60) else {
            let said = app.screen.lines.first { $0.contains("too large") || $0.contains("failed") || $0.contains("offline") }
            throw Failure(description: "\(markers) not on screen within 60 s" + (said.map { ": \($0.trimmingCharacters(in: .whitespaces))" } ?? ""))
        }
        app.settle(quiet: 0.5, timeout: 20)
        if !measureDown {
            // A sync's save runs after "synced at" and draws nothing: ending the app before it is
            // done would leave the next start without the list (the old one stays, whole).
            let deadline = app.now + 30
            while app.now < deadline, !app.hasExited, Self.modified(manifest) == savedBefore { app.readOnce(timeout: 0.05) }
        }
        var result = Run(time: shown * 1000, peak: Self.peakBytes(pid: app.pid) ?? 0, downLatency: downLatency, memoryTouch: touched)
        if measureDown {
            let up: [UInt8] = app.screen.applicationCursorKeys ? Array("\u{1B}OA".utf8) : Array("\u{1B}[A".utf8)
            for _ in 0..<3 {
                let before = app.totalBytes
                let sent = app.send(app.downKey)
                guard let first = app.readOnce(timeout: 1) else { break }
                app.settle(quiet: 0.1, timeout: 2)
                result.downLatencies.append((first.time - sent) * 1000)
                result.downBytes.append(Double(app.totalBytes - before))
                app.send(up)
                app.settle(quiet: 0.1, timeout: 2)
            }
        }
        return result
    }

    /// Milliseconds from connecting to the last of `bytes` body bytes of `GET path`, read 256 KB
    /// at a time into one buffer; nil when the answer is not that.
    static func download(port: Int, path: String, bytes: Int) -> Double? {
        let start = ContinuousClock.now
        let fd = LoopbackSocket.connect(port: UInt16(port), blocking: true)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == request.count else { return nil }
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        var head: [UInt8] = []
        var received: Int?
        while received.map({ $0 < bytes }) ?? true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            if let so = received {
                received = so + count
                continue
            }
            head += buffer[0..<count]
            guard let (answer, headLength) = ResponseReader.parseHead(head) else {
                if head.count > 64 * 1024 { return nil }
                continue
            }
            guard answer.status == 200, answer.bodyLength == bytes else { return nil }
            received = head.count - headLength
        }
        guard received == bytes else { return nil }
        return PseudoTerminalProcess.seconds(ContinuousClock.now - start) * 1000
    }

    /// The fresh memory written before each start of a count: twice its feed, at least 64 MiB.
    static func freshMemory(feedBytes: Int) -> Int { max(64 << 20, 2 * feedBytes) }

    /// When `path` was last written (nil: there is no such file).
    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    static func peakBytes(pid: Int32) -> Double? {
        (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))
            .flatMap { ProcessStats.field("VmHWM", in: $0) }.map { Double($0 * 1024) }
    }

    func report(_ scales: [Scale]) -> [ReportLine] {
        var lines: [ReportLine] = []
        let megabyte = 1_048_576.0
        let smallDownBytes = scales.first { $0.count == 60 }.flatMap { Summary($0.downBytes)?.median }
        for scale in scales {
            let label = ArticlesScaleBench.label(scale.count)
            let feed = Format.bytes(Double(scale.feedBytes))
            if let reason = scale.skipped {
                lines.append(.skipped("articles \(label) over HTTP", because: reason))
                continue
            }
            let isLarge = scale.count == 100_000
            if let first = Summary(scale.firstSync) {
                let measure = "articles \(label) (\(feed)) over HTTP: exec → \"synced at\""
                lines.append(isLarge
                    ? .budget(measure, first.formatted("ms", digits: 0), budget: "≤ 300 ms", ok: first.median <= 300)
                    : ReportLine(measure, first.formatted("ms", digits: 0)))
            }
            if let download = Summary(scale.download), let first = Summary(scale.firstSync) {
                lines.append(ReportLine("articles \(label): the feed downloaded alone (GET to the last byte)", download.formatted("ms", digits: 0)))
                if isLarge {
                    // DESIGN.md's bar: synced within 3× the time to download them.
                    let ratio = first.median / download.median
                    lines.append(.budget(
                        "articles \(label): exec → \"synced at\" / download alone (medians)", Format.number(ratio, digits: 2) + "×",
                        budget: "≤ 3×", ok: ratio <= 3))
                }
            }
            for (when, touches) in [("first", scale.touchBeforeFirst), ("second", scale.touchBeforeSecond)] {
                if let touch = Summary(touches) {
                    let size = Format.bytes(Double(Self.freshMemory(feedBytes: scale.feedBytes)))
                    lines.append(ReportLine(
                        "articles \(label): writing \(size) of fresh memory before the \(when) sync (the machine's)",
                        touch.formatted("ms", digits: 1)))
                }
            }
            if let peak = Summary(scale.firstPeak.map { $0 / megabyte }) {
                let measure = "articles \(label): peak memory of the first sync (VmHWM)"
                let ratio = " (" + Format.number(peak.median * megabyte / Double(scale.feedBytes), digits: 2) + "× the feed)"
                switch scale.count {
                case 100_000: lines.append(.budget(measure, peak.formatted("MiB", digits: 1) + ratio, budget: "≤ 100 MiB", ok: peak.median <= 100))
                case 60: lines.append(.budget(measure, peak.formatted("MiB", digits: 1), budget: "≤ 30 MiB", ok: peak.median <= 30))
                default: lines.append(ReportLine(measure, peak.formatted("MiB", digits: 1) + ratio))
                }
            }
            // The issue's budget for a second sync is on the large feeds, where it is the data's
            // cost: at 60 articles a sync takes about 12 ms, and reading and drawing the stored list
            // first adds a millisecond or two, more than the 10 % allowed.
            let comparesSecondSync = scale.count >= 10_000
            if let second = Summary(scale.secondSync), let first = Summary(scale.firstSync) {
                let measure = "articles \(label): second sync of the same feed, exec → \"synced at\""
                // Judged on the medians; each round's second against its own first is shown beside
                // them (a slow minute of the host falls on both of a round), but it is the more
                // lenient of the two when the starts spread widely, so it does not decide.
                let paired = Summary(zip(scale.secondSync, scale.firstSync).map { $0 / $1 })
                let result = second.formatted("ms", digits: 0)
                    + (paired.map { "; " + Format.number($0.median, digits: 2) + "× its round's first" } ?? "")
                lines.append(comparesSecondSync
                    ? .budget(measure, result, budget: "≤ the first's", ok: second.median <= first.median * 1.1)
                    : ReportLine(measure, result))
            }
            if let second = Summary(scale.secondPeak.map { $0 / megabyte }), let first = Summary(scale.firstPeak.map { $0 / megabyte }) {
                let measure = "articles \(label): second sync, peak memory (VmHWM)"
                lines.append(comparesSecondSync
                    ? .budget(measure, second.formatted("MiB", digits: 1), budget: "≤ the first's", ok: second.median <= first.median * 1.1)
                    : ReportLine(measure, second.formatted("MiB", digits: 1)))
            }
            if let stored = Summary(scale.storedShown) {
                let measure = "articles \(label): offline start, exec → stored list on screen"
                lines.append(isLarge
                    ? .budget(measure, stored.formatted("ms", digits: 1), budget: "≤ 150 ms", ok: stored.median <= 150)
                    : ReportLine(measure, stored.formatted("ms", digits: 1)))
            }
            if let peak = Summary(scale.offlinePeak.map { $0 / megabyte }) {
                lines.append(ReportLine("articles \(label): offline start, peak memory (VmHWM)", peak.formatted("MiB", digits: 1)))
            }
            if let latency = Summary(scale.downLatency) {
                lines.append(.budget(
                    "articles \(label): ↓ in the stored list, key → first byte", latency.formatted("ms", digits: 2),
                    budget: "≤ 2 ms (median)", ok: latency.median <= 2))
            }
            if let bytes = Summary(scale.downBytes) {
                let measure = "articles \(label): ↓ in the stored list, bytes written"
                if scale.count != 60, let smallDownBytes {
                    lines.append(.budget(
                        measure, bytes.formatted("B", digits: 0) + " vs " + Format.number(smallDownBytes, digits: 0) + " at 60",
                        budget: "= at 60", ok: bytes.median == smallDownBytes))
                } else {
                    lines.append(ReportLine(measure, bytes.formatted("B", digits: 0)))
                }
            }
            if let latency = Summary(scale.downDuringSync) {
                lines.append(.budget(
                    "articles \(label): ↓ during the second sync, key → first byte", latency.formatted("ms", digits: 2),
                    budget: "≤ 2 ms (median)", ok: latency.median <= 2))
            }
        }
        return lines
    }
}
