import Articles
import Contract
import Foundation

/// One ↓ in a list: how many bytes go to the terminal and how long until the first of them,
/// for the launcher, the article list and dialog's menu. Each ↓ is followed by an unmeasured ↑,
/// so every measured move is the same one-row move, never a scroll.
struct KeystrokeBench {
    let context: BenchContext

    struct Moves {
        var bytes: [Double] = []
        var latencies: [Double] = []

        mutating func add(_ move: (latency: Double, bytes: Double)) {
            latencies.append(move.latency)
            bytes.append(move.bytes)
        }
    }

    enum Measured {
        case moves(Moves)
        case skipped(String)
    }

    /// A way of running the launcher that the key press must be as fast in as dialog's menu.
    struct LauncherMode {
        var name: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var ready = BenchContext.launcherMarkers
    }

    /// The launcher as most run it, in true colour (`COLORTERM=truecolor`: xterm-direct where
    /// ncurses-term is installed, 256 colours otherwise), in the screen-reader mode (its line for
    /// the new selection) and recording.
    func launcherModes(recordingTo file: String) -> [LauncherMode] {
        [
            LauncherMode(name: "launcher", arguments: []),
            LauncherMode(name: "launcher, true colour", arguments: [], environment: ["COLORTERM": "truecolor"]),
            LauncherMode(name: "launcher, screen-reader mode", arguments: ["--screen-reader"], ready: ["challenge-tui, on the mock backend"]),
            LauncherMode(name: "launcher, recording", arguments: ["--record", file]),
        ]
    }

    /// dialog's menu and the launcher in each mode, side by side: all started and quiet, then
    /// ↓ in each in turn (the order rotating), so every one meets the same moments of a shared
    /// machine whose speed drifts over seconds. A hundred moves each (twice `--runs`).
    func launcherAgainstDialog() -> (dialog: Measured, launchers: [(name: String, measured: Measured)]) {
        let file = context.scratch + "/launcher-keys.jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let modes = launcherModes(recordingTo: file)
        var processes: [PseudoTerminalProcess?] = []
        var measured: [Measured] = []
        defer { processes.forEach { $0?.terminate() } }
        if let path = context.dialogPath {
            processes.append(try? start(path, context.dialogArguments, ready: BenchContext.dialogMarkers, timeout: 10))
            measured.append(processes[0] == nil ? .skipped("dialog did not start") : .moves(Moves()))
        } else {
            processes.append(nil)
            measured.append(.skipped("dialog not installed"))
        }
        for mode in modes {
            do {
                processes.append(try start(context.tuiPath, mode.arguments, ready: mode.ready, timeout: 10, environment: mode.environment))
                measured.append(.moves(Moves()))
            } catch {
                processes.append(nil)
                measured.append(.skipped("\(error)"))
            }
        }
        for round in 0..<context.options.sideBySideMoves {
            for offset in processes.indices {
                let index = (round + offset) % processes.count
                guard let process = processes[index], case .moves(var moves) = measured[index] else { continue }
                guard let move = Self.move(in: process) else {
                    measured[index] = .skipped("no answer to ↓ within 1 s")
                    continue
                }
                moves.add(move)
                measured[index] = .moves(moves)
            }
        }
        return (measured[0], zip(modes, measured.dropFirst()).map { ($0.name, $1) })
    }

    /// The article list of the mock backend: its newest article's title shows that the list is
    /// there; "not available yet" that the screen is not in this build.
    func articleList() -> Measured {
        measure(context.tuiPath, Self.articleListArguments, ready: [Self.newestSample], timeout: 15, missing: "is not available yet")
    }

    /// The mock backend's article list, synced at once.
    static let articleListArguments = ["--challenge", "articles", "--scenario", "happy"]

    /// The start of the newest sample article's title, on screen once the list is (as the list
    /// cuts it at 80 columns).
    static let newestSample = String((SampleArticles.articles(count: 60).sortedByRelease().first?.title ?? "").prefix(20))

    /// The article list without and with `--record`, measured side by side: each round starts
    /// one process of each, both ready and quiet, then moves ↓ in them in turn (plain first in
    /// one pair of moves, recording first in the next), so both meet the same moment of a shared
    /// machine, whose speed drifts by 10–20 % over seconds. Four rounds of fresh processes, at
    /// least 30 moves each. What recording costs on ↓ is the difference of the two medians of
    /// all the moves (Docs/performance.md, "Recording a session").
    func articleListWithAndWithoutRecording() -> (plain: Measured, recording: Measured) {
        let newest = Self.newestSample
        let file = context.scratch + "/keystrokes.jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let arguments = Self.articleListArguments
        var plain = Moves(), recorded = Moves()
        for _ in 0..<4 {
            let without: PseudoTerminalProcess, with: PseudoTerminalProcess
            do {
                without = try start(context.tuiPath, arguments, ready: [newest], timeout: 15)
                with = try start(context.tuiPath, arguments + ["--record", file], ready: [newest], timeout: 15)
            } catch {
                return (.skipped("\(error)"), .skipped("\(error)"))
            }
            defer {
                without.terminate()
                with.terminate()
            }
            for index in 0..<max(30, context.options.keyPresses) {
                let order = index % 2 == 0 ? [false, true] : [true, false]
                for recording in order {
                    guard let move = Self.move(in: recording ? with : without) else {
                        return (.skipped("no answer to ↓ within 1 s"), .skipped("no answer to ↓ within 1 s"))
                    }
                    if recording { recorded.add(move) } else { plain.add(move) }
                }
            }
        }
        return (.moves(plain), .moves(recorded))
    }

    /// The article list of the mock backend once every thumbnail on screen is a downloaded
    /// picture (Docs/images.md, "In the app"): a ↓ then redraws no picture, so it must cost what
    /// it costs without them.
    func articleListWithPictures() -> Measured {
        measure(
            context.tuiPath, Self.articleListArguments, ready: [Self.newestSample], timeout: 15, missing: "is not available yet",
            until: Self.thumbnailsLoaded)
    }

    /// Every thumbnail on screen (columns 2…5) is drawn with half blocks: none is the URL's
    /// colour block or frame any more.
    static func thumbnailsLoaded(_ lines: [String]) -> Bool {
        let thumbnails = lines.map { String(Array($0).dropFirst(2).prefix(4)) }
        return thumbnails.contains { $0.contains("▀") } && !thumbnails.contains { $0.contains("█") || $0.contains("┌") || $0.contains("└") }
    }

    /// The article list over HTTP, every title 1 MB of words and every description 128 KB
    /// (Docs/security.md, "Huge strings"): the decoder cuts them to their limits and the list
    /// lays each one out once, so a ↓ must cost what it does with short ones. Six articles,
    /// 6.75 MB: under the 8 MB limit on an answer.
    func hugeArticleList() -> Measured {
        let file = context.scratch + "/articles-huge.json"
        guard FileManager.default.createFile(atPath: file, contents: Self.hugeArticles()) else {
            return .skipped("cannot write \(file)")
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        let server: ServerProcess
        do {
            server = try context.startServer(articlesFile: file, log: "huge-list-server.log")
        } catch {
            return .skipped("challenge-server did not start: \(error)")
        }
        defer { server.stop() }
        let port = server.port
        return measure(
            context.tuiPath, ["--backend", "http", "--server", "http://127.0.0.1:\(port)", "--challenge", "articles"],
            ready: ["Huge article 1 lorem"], timeout: 30, missing: "is not available yet")
    }

    /// Six articles of 1 MB titles and 128 KB descriptions (words, so wrapping has work to do).
    static func hugeArticles() -> Data {
        let words = String(repeating: "lorem ipsum dolor sit amet ", count: 1 << 20 / 27)
        let description = String(words.prefix(128 * 1024))
        let articles = (1...6).map { index in
            Article(
                id: index, title: "Huge article \(index) " + words, description: description, author: "huge@example.com",
                releaseDate: CalendarDate(year: 2020, month: 7, day: 10 - index)!, image: "http://dummyimage.com/10x10")
        }
        return SampleArticles.json(for: articles)
    }

    private func measure(
        _ path: String, _ arguments: [String], ready: [String], timeout: Double, missing: String? = nil,
        until loaded: ([String]) -> Bool = { _ in true }
    ) -> Measured {
        let process: PseudoTerminalProcess
        do {
            process = try start(path, arguments, ready: ready, timeout: timeout, missing: missing, until: loaded)
        } catch {
            return .skipped("\(error)")
        }
        defer { process.terminate() }
        var moves = Moves()
        for _ in 0..<context.options.keyPresses {
            guard let move = Self.move(in: process) else { return .skipped("no answer to ↓ within 1 s") }
            moves.add(move)
        }
        return .moves(moves)
    }

    private struct NotReady: Error, CustomStringConvertible { var description: String }

    /// Starts `path` and waits until `ready` is on screen and `loaded` holds, then for 0.3 s of
    /// quiet.
    private func start(
        _ path: String, _ arguments: [String], ready: [String], timeout: Double, missing: String? = nil,
        until loaded: ([String]) -> Bool = { _ in true }, environment: [String: String] = [:]
    ) throws -> PseudoTerminalProcess {
        let process = try PseudoTerminalProcess(
            path: path, arguments: arguments, environment: context.appEnvironment.merging(environment) { $1 })
        let deadline = process.now + timeout
        while process.now < deadline, !process.hasExited {
            process.readOnce(timeout: 0.05)
            if process.screen.containsAll(ready), loaded(process.screen.lines) { break }
            if let missing, process.screen.contains(missing) {
                process.terminate()
                throw NotReady(description: "this build has no such screen yet (\"\(missing)\")")
            }
        }
        guard process.screen.containsAll(ready), loaded(process.screen.lines) else {
            process.terminate()
            throw NotReady(description: "not ready within \(Int(timeout)) s (waiting for \(ready))")
        }
        process.settle(quiet: 0.3, timeout: 5)
        return process
    }

    /// One measured ↓ (milliseconds to the first byte, bytes until quiet), then an unmeasured ↑
    /// back; nil when nothing answers within a second.
    private static func move(in process: PseudoTerminalProcess) -> (latency: Double, bytes: Double)? {
        let up: [UInt8] = process.screen.applicationCursorKeys ? Array("\u{1B}OA".utf8) : Array("\u{1B}[A".utf8)
        let before = process.totalBytes
        let sent = process.send(process.downKey)
        guard let first = process.readOnce(timeout: 1) else { return nil }
        process.settle(quiet: 0.1, timeout: 2)
        let move = ((first.time - sent) * 1000, Double(process.totalBytes - before))
        process.send(up)
        process.settle(quiet: 0.1, timeout: 2)
        return move
    }

    func report(
        launchers: [(name: String, measured: Measured)], articles: Measured, dialog: Measured, hugeArticles: Measured? = nil,
        withPictures: Measured? = nil, recording: (plain: Measured, recording: Measured)? = nil
    ) -> [ReportLine] {
        var lines: [ReportLine] = []
        var dialogMoves: (bytes: Summary, latency: Summary)?
        if case .moves(let moves) = dialog, let bytes = Summary(moves.bytes), let latency = Summary(moves.latencies) {
            dialogMoves = (bytes, latency)
            lines.append(ReportLine("↓ in dialog --menu: bytes written", bytes.formatted("B", digits: 0)))
            lines.append(ReportLine("↓ in dialog --menu: key → first byte", latency.formatted("ms", digits: 2)))
        } else if case .skipped(let reason) = dialog {
            lines.append(.skipped("↓ in dialog --menu", because: reason))
        }
        // The launcher in every mode: at or under dialog's time, measured side by side.
        for (name, measured) in launchers {
            switch measured {
            case .skipped(let reason):
                lines.append(.skipped("↓ in the \(name)", because: reason, budget: "≤ dialog's"))
            case .moves(let moves):
                guard let bytes = Summary(moves.bytes), let latency = Summary(moves.latencies) else { continue }
                if let dialogMoves {
                    lines.append(.budget(
                        "↓ in the \(name): key → first byte",
                        latency.formatted("ms", digits: 2) + " vs dialog " + Format.number(dialogMoves.latency.median, digits: 2),
                        budget: "≤ dialog's (medians)", ok: latency.median <= dialogMoves.latency.median))
                } else {
                    lines.append(.skipped("↓ in the \(name): key → first byte " + latency.formatted("ms", digits: 2), because: "dialog not installed", budget: "≤ dialog's"))
                }
                // Bytes against dialog's where it draws a screen the same way: the other modes'
                // differ by design (a transcript writes a line).
                lines.append(Self.bytesLine("↓ in the \(name)", bytes, against: name == "launcher" ? dialogMoves?.bytes : nil))
            }
        }
        switch articles {
        case .skipped(let reason):
            lines.append(.skipped("↓ in the article list", because: reason, budget: "< 2 ms"))
        case .moves(let moves):
            if let bytes = Summary(moves.bytes), let latency = Summary(moves.latencies) {
                lines.append(.budget(
                    "↓ in the article list: key → first byte", latency.formatted("ms", digits: 2), budget: "< 2 ms (median)", ok: latency.median < 2))
                lines.append(Self.bytesLine("↓ in the article list", bytes, against: dialogMoves?.bytes))
            }
        }
        switch withPictures {
        case .moves(let moves)?:
            if let latency = Summary(moves.latencies), let bytes = Summary(moves.bytes) {
                lines.append(.budget(
                    "↓ in the article list, thumbnails loaded: key → first byte", latency.formatted("ms", digits: 2),
                    budget: "< 2 ms (median)", ok: latency.median < 2))
                lines.append(ReportLine("↓ in the article list, thumbnails loaded: bytes written", bytes.formatted("B", digits: 0)))
            }
        case .skipped(let reason)?:
            lines.append(.skipped("↓ in the article list, thumbnails loaded", because: reason, budget: "< 2 ms"))
        case nil:
            break
        }
        if let recording { lines += recordingLines(recording.recording, against: recording.plain) }
        switch hugeArticles {
        case .moves(let moves)?:
            if let latency = Summary(moves.latencies) {
                lines.append(.budget(
                    "↓ in the article list, 1 MB titles: key → first byte", latency.formatted("ms", digits: 2),
                    budget: "< 2 ms (median)", ok: latency.median < 2))
            }
        case .skipped(let reason)?:
            lines.append(.skipped("↓ in the article list, 1 MB titles", because: reason, budget: "< 2 ms"))
        case nil:
            break
        }
        return lines
    }

    /// The bytes a ↓ wrote, held to dialog's when `dialog` is given.
    private static func bytesLine(_ name: String, _ bytes: Summary, against dialog: Summary?) -> ReportLine {
        guard let dialog else { return ReportLine(name + ": bytes written", bytes.formatted("B", digits: 0)) }
        return .budget(
            name + ": bytes written", bytes.formatted("B", digits: 0) + " vs dialog " + Format.number(dialog.median, digits: 0),
            budget: "≤ dialog's", ok: bytes.median <= dialog.median)
    }

    /// Recording costs at most 5 % on the article list's ↓ (its median against the same list's
    /// without recording, measured side by side).
    private func recordingLines(_ recording: Measured, against plain: Measured) -> [ReportLine] {
        let name = "↓ in the article list, recording"
        switch recording {
        case .moves(let moves):
            guard let latency = Summary(moves.latencies), let bytes = Summary(moves.bytes) else { return [] }
            guard case .moves(let without) = plain, let base = Summary(without.latencies) else {
                return [.skipped(name + ": key → first byte " + latency.formatted("ms", digits: 2), because: "no run without recording")]
            }
            let cost = (latency.median / base.median - 1) * 100
            return [
                .budget(
                    name + ": key → first byte",
                    latency.formatted("ms", digits: 2) + " vs \(Format.number(base.median, digits: 2)) without (\(Format.number(cost, digits: 1)) %)",
                    budget: "≤ 5 % over not recording", ok: latency.median <= base.median * 1.05),
                ReportLine(name + ": bytes written", bytes.formatted("B", digits: 0)),
            ]
        case .skipped(let reason):
            return [.skipped(name, because: reason, budget: "≤ 5 % over not recording")]
        }
    }
}
