import Testing
@testable import challenge_bench

@Suite(.timeLimit(.minutes(10))) struct StatisticsTests {
    @Test func summaryOfAnOddCountTakesTheMiddleValue() throws {
        let summary = try #require(Summary([5, 1, 3]))
        #expect(summary.minimum == 1)
        #expect(summary.median == 3)
        #expect(summary.maximum == 5)
        #expect(summary.count == 3)
    }

    @Test func summaryOfAnEvenCountAveragesTheTwoMiddleValues() throws {
        let summary = try #require(Summary([4, 1, 2, 10]))
        #expect(summary.median == 3)
        #expect(summary.formatted("ms", digits: 1) == "3.0 ms (min 1.0, max 10.0, n=4)")
    }

    @Test func noSamplesOrOnlyNonFiniteOnesGiveNoSummary() {
        #expect(Summary([]) == nil)
        #expect(Summary([.nan, .infinity]) == nil)
        #expect(Summary([.nan, 2])?.median == 2)
    }

    @Test func numbersAreRoundedHalfAwayFromZeroWithFixedDecimals() {
        #expect(Format.number(3.14159, digits: 2) == "3.14")
        #expect(Format.number(2.5, digits: 0) == "3")
        #expect(Format.number(0.05, digits: 1) == "0.1")
        #expect(Format.number(1.004, digits: 2) == "1.00")
        #expect(Format.number(-1.25, digits: 1) == "-1.3")
        #expect(Format.number(-0.001, digits: 1) == "0.0")
        #expect(Format.number(.nan, digits: 1) == "nan")
    }

    /// As the app's header writes counts, which the bench looks for on its screens.
    @Test func countsAreGroupedByThousands() {
        #expect(Format.grouped(0) == "0")
        #expect(Format.grouped(60) == "60")
        #expect(Format.grouped(1_000) == "1,000")
        #expect(Format.grouped(100_000) == "100,000")
        #expect(Format.grouped(1_234_567) == "1,234,567")
        #expect(Format.grouped(-10_000) == "-10,000")
    }

    @Test func bytesUseTheLargestFittingBinaryUnit() {
        #expect(Format.bytes(812) == "812 B")
        #expect(Format.bytes(3.5 * 1024) == "3.5 KiB")
        #expect(Format.bytes(27.25 * 1024 * 1024) == "27.3 MiB")
    }

    @Test func burstsSplitWritesAtPausesLongerThanTheGap() {
        let times = [0.000, 0.001, 0.002, 0.100, 0.101, 0.200, 0.300]
        #expect(Bursts.count(times, gap: 0.02) == 4)
        #expect(Bursts.starts(times, gap: 0.02) == [0.000, 0.100, 0.200, 0.300])
        #expect(Bursts.count([], gap: 0.02) == 0)
    }

    @Test func burstRateIsMeasuredBetweenTheFirstAndLastBurst() {
        // Eleven frames 100 ms apart span one second: ten frames a second, whatever the window.
        let times = (0...10).map { Double($0) * 0.1 + 2 }
        #expect(abs(Bursts.rate(times, gap: 0.02) - 10) < 1e-9)
        #expect(Bursts.rate([1.0], gap: 0.02) == 0)
    }
}
