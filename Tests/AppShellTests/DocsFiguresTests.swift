import CoreTesting
import Foundation
import Testing

/// Measured figures live in one page, Docs/performance.md; the README's performance table
/// repeats some of them for newcomers, and must repeat them right (Docs/testing.md, "Links").
@Suite(.timeLimit(.minutes(10))) struct DocsFiguresTests {
    /// A number as written, with its unit when one follows: `5.26 ms`, `25,715`, `1.69×`.
    struct Figure: Hashable, CustomStringConvertible {
        var value: Double
        var unit: String?
        var text: String
        var description: String { text }

        func matches(_ other: Figure) -> Bool {
            abs(value - other.value) < 1e-9 && (unit == nil || other.unit == nil || unit == other.unit)
        }
    }

    static func figures(in text: String) -> [Figure] {
        text.matches(of: #/(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?: ?(ms|MiB|KiB|B|/s|s|×))?/#).compactMap { match in
            let number = String(match.1).replacingOccurrences(of: ",", with: "") + String(match.2 ?? "")
            return Double(number).map { Figure(value: $0, unit: match.3.map(String.init), text: String(match.0)) }
        }
    }

    /// The README's performance table: the measured columns, and the ratios in parentheses in
    /// the budget column.
    static func readmeFigures(_ readme: String) -> [Figure] {
        guard let start = readme.range(of: "## Performance") else { return [] }
        let section = readme[start.upperBound...]
        let rows = section.split(separator: "\n").prefix { !$0.hasPrefix("## ") }.filter { $0.hasPrefix("|") && !$0.hasPrefix("|---") }
        return rows.dropFirst().flatMap { row -> [Figure] in
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 5 else { return [] }
            let ratios = cells[4].matches(of: #/\(([^)]*)\)/#).map { String($0.1) }.joined(separator: " ")
            return figures(in: cells[2] + " " + cells[3] + " " + ratios)
        }
    }

    /// The performance page's "Results on this machine", without its earlier runs: the figures
    /// the README may show.
    static func lastRun(of page: String) -> String {
        guard let start = page.range(of: "\n## Results on this machine") else { return "" }
        let rest = page[start.upperBound...]
        let end = [rest.range(of: "\n## ")?.lowerBound, rest.range(of: "\n### Earlier runs")?.lowerBound]
            .compactMap { $0 }.min() ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func theReadmesPerformanceFiguresAreThoseOfThePerformancePage() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Docs/performance.md"), encoding: .utf8)
        let measured = Self.figures(in: Self.lastRun(of: page))
        let shown = Self.readmeFigures(readme)
        #expect(shown.count > 15, "the README's performance table is read")
        for figure in shown where !measured.contains(where: figure.matches) {
            Issue.record("README.md shows \(figure) in its performance table; Docs/performance.md has no such figure")
        }
    }

    @Test func figuresAreReadWithTheirUnits() {
        #expect(Self.figures(in: "2.70 s, 17.7 MiB · 25,715 · (1.69×) · 0 /s · 75 B").map(\.text)
            == ["2.70 s", "17.7 MiB", "25,715", "1.69×", "0 /s", "75 B"])
        let memory = Figure(value: 17.7, unit: "MiB", text: "17.7 MiB")
        #expect(memory.matches(Figure(value: 17.7, unit: "MiB", text: "")))
        #expect(!memory.matches(Figure(value: 21.1, unit: "MiB", text: "")))
        #expect(!memory.matches(Figure(value: 17.7, unit: "ms", text: "")))
        let page = "# P\n## Results on this machine\n| x | 17.7 MiB |\n### Earlier runs\n| 21.1 MiB |\n## Next\n3 ms"
        #expect(Self.figures(in: Self.lastRun(of: page)).map(\.text) == ["17.7 MiB"], "earlier runs are not the last run's figures")
        #expect(Figure(value: 25715, unit: nil, text: "").matches(Figure(value: 25715, unit: nil, text: "")))
    }
}
