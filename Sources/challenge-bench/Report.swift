import TUI

/// What a line of the report says about its budget.
enum Verdict: String, Equatable, Sendable {
    case pass = "PASS"
    case fail = "FAIL"
    /// Measured, no budget to meet.
    case info = "-"
    /// Not measured (a screen that does not exist yet, a tool that is not installed).
    case skipped = "SKIP"
}

/// One measurement: what, the result, the budget it is held to, and the verdict.
struct ReportLine: Equatable, Sendable {
    var measure: String
    var result: String
    var budget: String
    var verdict: Verdict

    init(_ measure: String, _ result: String, budget: String = "", _ verdict: Verdict = .info) {
        self.measure = measure
        self.result = result
        self.budget = budget
        self.verdict = verdict
    }

    /// A budget line: PASS when `ok`.
    static func budget(_ measure: String, _ result: String, budget: String, ok: Bool) -> ReportLine {
        ReportLine(measure, result, budget: budget, ok ? .pass : .fail)
    }

    static func skipped(_ measure: String, because reason: String, budget: String = "") -> ReportLine {
        ReportLine(measure, reason, budget: budget, .skipped)
    }
}

/// The report: a Markdown table with aligned columns, readable in a terminal and pasteable
/// into Docs/performance.md as it is.
struct Report: Equatable, Sendable {
    private(set) var lines: [ReportLine] = []

    mutating func add(_ line: ReportLine) { lines.append(line) }
    mutating func add(contentsOf more: [ReportLine]) { lines.append(contentsOf: more) }

    var failures: Int { lines.filter { $0.verdict == .fail }.count }

    func rendered() -> String {
        let header = ["measure", "result", "budget", "verdict"]
        let rows = lines.map { [$0.measure, $0.result, $0.budget, $0.verdict.rawValue] }
        var widths = header.map(Self.width)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], Self.width(cell)) }
        }
        func format(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                cell.replacingPipes() + String(repeating: " ", count: widths[column] - Self.width(cell))
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        var out = [format(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"]
        out += rows.map(format)
        return out.joined(separator: "\n")
    }

    private static func width(_ text: String) -> Int { DisplayWidth.of(text) }
}

private extension String {
    /// A `|` inside a cell would end it early in Markdown.
    func replacingPipes() -> String {
        contains("|") ? split(separator: "|", omittingEmptySubsequences: false).joined(separator: "/") : self
    }
}
