/// The report lines of `ServerBench`: the measurements, node's next to ours, and the goals.
extension ServerBench {
    func report(_ outcome: Outcome) -> [ReportLine] {
        var lines: [ReportLine] = []
        for clients in Self.concurrency {
            lines += throughputLines(outcome, clients: clients, rounds: { outcome.rounds[$0]?[clients] })
            if clients == 1, !outcome.oneProcessorRounds.isEmpty {
                lines += throughputLines(outcome, clients: 1, oneProcessor: true, rounds: { outcome.oneProcessorRounds[$0] })
            }
        }
        lines += burstLines(outcome)
        return lines
    }

    private func skipped(_ outcome: Outcome, _ contender: Contender) -> String {
        outcome.problems[contender] ?? "not measured"
    }

    /// At one connection the budget goes to the rounds with the client and the server on one
    /// processor when there are any: left to the scheduler, the ratio measures where it put the
    /// two (see `ProcessorPin`), and that line is kept for information.
    private func throughputLines(
        _ outcome: Outcome, clients: Int, oneProcessor: Bool = false, rounds: (Contender) -> [KeepAliveLoad.Result]?
    ) -> [ReportLine] {
        let label = (clients == 1 ? "1 connection" : "\(clients) connections") + (oneProcessor ? ", client and server on one CPU" : "")
        let carriesBudget = clients > 1 || oneProcessor || outcome.oneProcessorRounds.isEmpty
        var lines: [ReportLine] = []
        var medians: [Contender: Double] = [:]
        var p99s: [Contender: Double] = [:]
        for contender in Contender.allCases {
            let measure = "\(contender.rawValue) req/s, \(label)"
            guard let rounds = rounds(contender), let summary = Summary(rounds.map(\.perSecond)) else {
                lines.append(.skipped(measure, because: skipped(outcome, contender)))
                continue
            }
            medians[contender] = summary.median
            let errors = rounds.map(\.errors).reduce(0, +)
            lines.append(ReportLine(measure, summary.formatted("req/s", digits: 0) + (errors > 0 ? ", \(errors) errors" : "")))
            if clients > 1, let p99 = Summary(rounds.compactMap(\.p99))?.median { p99s[contender] = p99 }
        }
        if let ours = medians[.ours], let node = medians[.node] {
            let ratio = ours / max(1, node)
            let measure = "ratio challenge-server / node req/s, \(label)"
            let result = Format.number(ratio, digits: 2) + "×"
            lines.append(carriesBudget
                ? .budget(measure, result, budget: ">= 1.00×", ok: ratio >= 1)
                : ReportLine(measure, result + " (where the scheduler put them)"))
        }
        for contender in Contender.allCases where clients > 1 {
            let measure = "\(contender.rawValue) p99 latency, \(label)"
            if let p99 = p99s[contender] {
                lines.append(ReportLine(measure, Format.number(p99 * 1000, digits: 2) + " ms (median of rounds)"))
            } else {
                lines.append(.skipped(measure, because: skipped(outcome, contender)))
            }
        }
        for contender in Contender.allCases where !oneProcessor {
            guard let wrk = outcome.wrk[contender]?[clients] else { continue }
            let p99 = wrk.p99Seconds.map { ", p99 " + Format.number($0 * 1000, digits: 2) + " ms" } ?? ""
            lines.append(ReportLine("wrk: \(contender.rawValue), \(label)", Format.number(wrk.perSecond, digits: 0) + " req/s" + p99))
        }
        return lines
    }

    private func burstLines(_ outcome: Outcome) -> [ReportLine] {
        let label = "\(Self.burstClients / 1000),000 concurrent 2 s requests"
        var lines: [ReportLine] = []
        for contender in Contender.allCases {
            let measure = "\(contender.rawValue): \(label)"
            guard let burst = outcome.bursts[contender] else {
                lines.append(.skipped(measure, because: skipped(outcome, contender)))
                continue
            }
            let result = burst.result
            var text = "\(result.answered200) × 200 in " + Format.number(result.seconds, digits: 2) + " s"
            let others = result.statuses.filter { $0.key != 200 }.sorted { $0.key < $1.key }.map { "\($0.value) × \($0.key)" }
            if !others.isEmpty { text += ", " + others.joined(separator: ", ") }
            if result.failures > 0 { text += ", \(result.failures) unanswered" }
            if contender == .ours {
                lines.append(.budget(measure, text, budget: "all \(Self.burstClients) answered 200", ok: result.answered200 == Self.burstClients))
            } else {
                lines.append(ReportLine(measure, text))
            }
        }
        if let ours = outcome.bursts[.ours], let node = outcome.bursts[.node] {
            let ratio = ours.result.seconds / max(0.001, node.result.seconds)
            lines.append(.budget("ratio of wall times challenge-server / node, \(label)", Format.number(ratio, digits: 2) + "×",
                                 budget: "<= 1.20×", ok: ratio <= 1.2 && ours.result.answered200 == Self.burstClients))
        }
        for contender in Contender.allCases {
            let measure = "\(contender.rawValue) peak resident memory, \(label)"
            guard let bytes = outcome.bursts[contender]?.peakResidentBytes else {
                lines.append(.skipped(measure, because: skipped(outcome, contender)))
                continue
            }
            if contender == .ours {
                lines.append(.budget(measure, Format.bytes(Double(bytes)), budget: "< 100 MiB", ok: bytes < 100 * 1024 * 1024))
            } else {
                lines.append(ReportLine(measure, Format.bytes(Double(bytes))))
            }
        }
        return lines
    }
}
