import Testing
@testable import challenge_bench

@Suite(.timeLimit(.minutes(10))) struct ReportTests {
    @Test func tableAlignsColumnsByDisplayWidthAndShowsVerdicts() {
        var report = Report()
        report.add(.budget("first frame ratio", "0.90×", budget: "≤ 1.00×", ok: true))
        report.add(.budget("idle CPU", "3 ms", budget: "0 ms", ok: false))
        report.add(.skipped("spinner", because: "no screen yet"))
        report.add(ReportLine("store", "812 MB/s"))
        #expect(report.rendered() == """
            | measure           | result        | budget  | verdict |
            |-------------------|---------------|---------|---------|
            | first frame ratio | 0.90×         | ≤ 1.00× | PASS    |
            | idle CPU          | 3 ms          | 0 ms    | FAIL    |
            | spinner           | no screen yet |         | SKIP    |
            | store             | 812 MB/s      |         | -       |
            """)
        #expect(report.failures == 1)
    }

    @Test func aPipeInACellCannotBreakTheMarkdownTable() {
        var report = Report()
        report.add(ReportLine("a|b", "c"))
        #expect(report.rendered().split(separator: "\n").last == "| a/b     | c      |        | -       |")
    }
}
