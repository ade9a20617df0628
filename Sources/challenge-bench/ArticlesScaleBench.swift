import AppShell
import Articles
import ArticlesApp
import Contract
import Foundation
import TUI

/// Articles at scale, in process: decoding and sorting generated lists, and — on the real app,
/// headless (`HeadlessArticlesApp`) — the list's first frame and the cost of one-row and page
/// moves (key, reducer, draw, diff), at 60, 10,000 and 100,000 articles.
struct ArticlesScaleBench {
    let context: BenchContext
    static let counts = [60, 10_000, 100_000]

    struct Scale {
        var count: Int
        var decodeAndSort: Summary?
        var firstFrame: Summary?
        /// Microseconds per move.
        var rowMove: Summary? = nil
        var pageMove: Summary? = nil
        /// Milliseconds per keystroke in the list's filter (`/`), at 100,000 only: the first
        /// letter (the whole list searched) and the next (its matches searched).
        var filterFirstKeystroke: Summary? = nil
        var filterNextKeystroke: Summary? = nil
        /// Milliseconds for the search alone of "q" in every article (no key, no frame).
        var filterSearch: Summary? = nil
    }

    func measure(counts: [Int] = counts) throws -> [Scale] {
        var scales: [Scale] = []
        var apps: [HeadlessArticlesApp] = []
        for count in counts {
            let (scale, app) = try prepare(count: count)
            scales.append(scale)
            apps.append(app)
        }
        // Moves are timed round-robin across the counts, so a burst of load from elsewhere on the
        // machine lands on every count alike instead of skewing the 100,000 / 60 ratio.
        var rowMoves = Array(repeating: [Double](), count: counts.count)
        var pageMoves = Array(repeating: [Double](), count: counts.count)
        for _ in 0..<context.options.repetitions * 3 {
            for (index, app) in apps.enumerated() {
                rowMoves[index].append(Self.timeMoves(app, .down, .up))
                pageMoves[index].append(Self.timeMoves(app, .pageDown, .pageUp))
            }
        }
        for index in scales.indices {
            scales[index].rowMove = Summary(rowMoves[index])
            scales[index].pageMove = Summary(pageMoves[index])
        }
        if let index = counts.firstIndex(of: 100_000) {
            (scales[index].filterFirstKeystroke, scales[index].filterNextKeystroke) = Self.timeFilterKeystrokes(
                apps[index], repetitions: context.options.repetitions * 3)
        }
        return scales
    }

    /// Decode + sort and first-frame timings for `count` articles, and the app with the
    /// selection in the middle of the list, ready for moves.
    private func prepare(count: Int) throws -> (Scale, HeadlessArticlesApp) {
        let json = SampleArticles.json(count: count)
        let repetitions = context.options.repetitions
        var decodeTimes: [Double] = [], frameTimes: [Double] = []
        var unsorted = ArticleList(), sorted = ArticleList()
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            guard let decoded = try? ArticleDecoder.decode(json) else { break }
            unsorted = decoded.articles
            sorted = unsorted.sortedByRelease()
            decodeTimes.append(milliseconds(since: start))
        }
        var app: HeadlessArticlesApp?
        for _ in 0..<repetitions {
            let opened = try HeadlessArticlesApp(storedArticles: unsorted)
            frameTimes.append(opened.firstFrameMilliseconds)
            app = opened
        }
        guard let app else { throw HeadlessArticlesApp.Failure(description: "no repetition ran") }
        // The middle of the list: moves both ways stay inside it.
        app.press(.char("j"))
        for _ in 0..<(sorted.count / 2) / 5 { app.press(.pageDown) }
        var scale = Scale(count: count, decodeAndSort: Summary(decodeTimes), firstFrame: Summary(frameTimes))
        if count == 100_000 {
            var searches: [Double] = []
            for _ in 0..<repetitions * 3 {
                let start = ContinuousClock.now
                let found = sorted.indices(matching: "q")
                searches.append(milliseconds(since: start))
                withExtendedLifetime(found) {}
            }
            scale.filterSearch = Summary(searches)
        }
        return (scale, app)
    }

    /// Microseconds per move over a batch of 200, alternating `forward` and `back` (a one-row
    /// move never scrolls then, like the key measurement).
    private static func timeMoves(_ app: HeadlessArticlesApp, _ forward: Key, _ back: Key) -> Double {
        let batch = 200
        let start = ContinuousClock.now
        for index in 0..<batch { app.press(index % 2 == 0 ? forward : back) }
        return PseudoTerminalProcess.seconds(ContinuousClock.now - start) * 1_000_000 / Double(batch)
    }

    /// Milliseconds per keystroke in the list's filter, key to diff on the real app: the first
    /// letter typed, "q" (every article searched: the worst keystroke, as q is rare in the
    /// feed), and the next, "u" (only the matches of "q" searched). Each keystroke is timed on
    /// its own; the Backspaces that undo them are not.
    private static func timeFilterKeystrokes(_ app: HeadlessArticlesApp, repetitions: Int) -> (first: Summary?, next: Summary?) {
        app.press(.char("/"))
        var first: [Double] = [], next: [Double] = []
        for _ in 0..<max(1, repetitions) {
            var start = ContinuousClock.now
            app.press(.char("q"))
            first.append(PseudoTerminalProcess.seconds(ContinuousClock.now - start) * 1000)
            start = ContinuousClock.now
            app.press(.char("u"))
            next.append(PseudoTerminalProcess.seconds(ContinuousClock.now - start) * 1000)
            app.press(.backspace)
            app.press(.backspace)
        }
        app.press(.escape)
        return (Summary(first), Summary(next))
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> Double {
        PseudoTerminalProcess.seconds(ContinuousClock.now - start) * 1000
    }

    /// The bench's own resident memory growth while it holds 100,000 decoded, sorted articles.
    func memoryFor100k() -> (growth: Double, jsonBytes: Int)? {
        let pid = getpid()
        guard let before = ProcessStats.residentBytes(pid: pid) else { return nil }
        var articles = ArticleList()
        var jsonBytes = 0
        do {
            let json = SampleArticles.json(count: 100_000)
            jsonBytes = json.count
            articles = ((try? ArticleDecoder.decode(json))?.articles ?? []).sortedByRelease()
        }
        guard let after = ProcessStats.residentBytes(pid: pid) else { return nil }
        withExtendedLifetime(articles) {}
        return (Double(after) - Double(before), jsonBytes)
    }

    func report(_ scales: [Scale], memory: (growth: Double, jsonBytes: Int)?) -> [ReportLine] {
        var lines: [ReportLine] = []
        for scale in scales {
            let label = Self.label(scale.count)
            if let decode = scale.decodeAndSort {
                lines.append(ReportLine("articles \(label): decode + sort", decode.formatted("ms", digits: 1)))
            }
        }
        for scale in scales {
            guard let frame = scale.firstFrame else { continue }
            let label = Self.label(scale.count)
            if scale.count == 100_000 {
                lines.append(.budget("articles \(label): list first frame (take in + sort + draw)", frame.formatted("ms", digits: 2), budget: "< 100 ms", ok: frame.median < 100))
            } else {
                lines.append(ReportLine("articles \(label): list first frame (take in + sort + draw)", frame.formatted("ms", digits: 2)))
            }
        }
        let small = scales.first { $0.count == 60 }, large = scales.first { $0.count == 100_000 }
        for (name, pick) in [("one-row move", \Scale.rowMove), ("page move", \Scale.pageMove)] {
            for scale in scales {
                guard let cost = scale[keyPath: pick] else { continue }
                lines.append(ReportLine("articles \(Self.label(scale.count)): \(name) (key to diff, the real app)", cost.formatted("µs", digits: 1)))
            }
            if let a = small?[keyPath: pick], let b = large?[keyPath: pick] {
                // Other load on the machine only ever adds time, and in bursts that put the
                // medians of a few batches far apart; the fastest batch is the move's own cost.
                let ratio = b.minimum / a.minimum
                lines.append(.budget(
                    "\(name) cost 100,000 / 60 (fastest batches)",
                    Format.number(ratio, digits: 2) + "× (medians " + Format.number(b.median / a.median, digits: 2) + "×)",
                    budget: "≤ 1.20×", ok: ratio <= 1.2))
            }
        }
        if let filter = large?.filterFirstKeystroke {
            lines.append(.budget(
                "articles 100,000: filter keystroke searching them all (key to diff, the real app)", filter.formatted("ms", digits: 2),
                budget: "≤ 10 ms", ok: filter.median <= 10))
        }
        if let search = large?.filterSearch {
            lines.append(ReportLine("articles 100,000: the filter's search alone, \"q\" in every article", search.formatted("ms", digits: 2)))
        }
        if let filter = large?.filterNextKeystroke {
            lines.append(ReportLine(
                "articles 100,000: filter keystroke typing on (key to diff, the real app)", filter.formatted("ms", digits: 2)))
        }
        if let memory {
            lines.append(ReportLine(
                "memory for 100,000 articles (in process, RSS growth)",
                Format.bytes(memory.growth) + " (JSON body " + Format.bytes(Double(memory.jsonBytes)) + ")"))
        }
        return lines
    }

    static func label(_ count: Int) -> String { Format.grouped(count) }
}
