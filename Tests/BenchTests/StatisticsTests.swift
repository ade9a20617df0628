import Testing
@testable import challenge_bench

@Suite struct StatisticsTests {
    @Test func summaryOfAnOddCountTakesTheMiddleValue() throws {
        let summary = try #require(Summary([5, 1, 3]))
        #expect(summary == Summary([3, 5, 1]))
        #expect(summary.minimum == 1)
        #expect(summary.median == 3)
        #expect(summary.maximum == 5)
        #expect(summary.count == 3)
    }
}
