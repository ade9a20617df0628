import Articles
import Foundation

/// Articles at scale, in process: decoding and sorting generated lists, the list's first frame,
/// and the cost of one-row and page moves, at 60, 10,000 and 100,000 articles.
struct ArticlesScaleBench {
    let context: BenchContext
    static let counts = [60, 10_000, 100_000]

    struct Scale {
        var count: Int
        var decodeAndSort: Summary?
        var firstFrame: Summary?
        /// Microseconds per move.
        var rowMove: Summary?
        var pageMove: Summary?
    }

    func measure(counts: [Int] = counts) -> [Scale] {
        counts.map(measure)
    }

    private func measure(count: Int) -> Scale {
        let json = SampleArticles.json(count: count)
        let repetitions = context.options.repetitions
        var decodeTimes: [Double] = [], frameTimes: [Double] = []
        var unsorted: [Article] = [], sorted: [Article] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            guard let decoded = try? ArticleDecoder.decode(json) else { break }
            unsorted = decoded.articles
            sorted = unsorted.sortedByRelease()
            decodeTimes.append(milliseconds(since: start))
        }
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            var renderer = ArticleListRenderer(sortedArticles: unsorted.sortedByRelease())
            renderer.frame()
            frameTimes.append(milliseconds(since: start))
        }
        var renderer = ArticleListRenderer(sortedArticles: sorted)
        renderer.frame()
        renderer.list.select(count / 2) // the middle of the list: moves both ways stay inside it
        renderer.frame()
        let batch = 200
        var rowMoves: [Double] = [], pageMoves: [Double] = []
        for _ in 0..<repetitions {
            // ↓ then ↑: a one-row move that never scrolls, like the key measurement.
            var start = ContinuousClock.now
            for index in 0..<batch { _ = renderer.move(index % 2 == 0 ? .down : .up) }
            rowMoves.append(milliseconds(since: start) * 1000 / Double(batch))
            start = ContinuousClock.now
            for index in 0..<batch { _ = renderer.move(index % 2 == 0 ? .pageDown : .pageUp) }
            pageMoves.append(milliseconds(since: start) * 1000 / Double(batch))
        }
        return Scale(
            count: count, decodeAndSort: Summary(decodeTimes), firstFrame: Summary(frameTimes),
            rowMove: Summary(rowMoves), pageMove: Summary(pageMoves))
    }

    private func milliseconds(since start: ContinuousClock.Instant) -> Double {
        PseudoTerminalProcess.seconds(ContinuousClock.now - start) * 1000
    }

    /// The bench's own resident memory growth while it holds 100,000 decoded, sorted articles.
    func memoryFor100k() -> (growth: Double, jsonBytes: Int)? {
        let pid = getpid()
        guard let before = ProcessStats.residentBytes(pid: pid) else { return nil }
        var articles: [Article] = []
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
                lines.append(.budget("articles \(label): list first frame (sort + draw)", frame.formatted("ms", digits: 2), budget: "< 100 ms", ok: frame.median < 100))
            } else {
                lines.append(ReportLine("articles \(label): list first frame (sort + draw)", frame.formatted("ms", digits: 2)))
            }
        }
        let small = scales.first { $0.count == 60 }, large = scales.first { $0.count == 100_000 }
        for (name, pick) in [("one-row move", \Scale.rowMove), ("page move", \Scale.pageMove)] {
            for scale in scales {
                guard let cost = scale[keyPath: pick] else { continue }
                lines.append(ReportLine("articles \(Self.label(scale.count)): \(name) (draw + diff)", cost.formatted("µs", digits: 1)))
            }
            if let a = small?[keyPath: pick], let b = large?[keyPath: pick] {
                let ratio = b.median / a.median
                lines.append(.budget("\(name) cost 100,000 / 60 (medians)", Format.number(ratio, digits: 2) + "×", budget: "≤ 1.20×", ok: ratio <= 1.2))
            }
        }
        if let memory {
            lines.append(ReportLine(
                "memory for 100,000 articles (in process, RSS growth)",
                Format.bytes(memory.growth) + " (JSON body " + Format.bytes(Double(memory.jsonBytes)) + ")"))
        }
        return lines
    }

    static func label(_ count: Int) -> String {
        switch count {
        case 100_000: "100,000"
        case 10_000: "10,000"
        default: String(count)
        }
    }
}
