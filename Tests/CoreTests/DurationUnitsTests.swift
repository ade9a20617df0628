import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct DurationUnitsTests {
    @Test func secondsAsADouble() {
        #expect(Duration.milliseconds(1500).inSeconds == 1.5)
        #expect(Duration.seconds(-2).inSeconds == -2)
    }

    @Test func millisecondsRoundToTheNearest() {
        #expect(Duration.microseconds(830_400).inMilliseconds == 830)
        #expect(Duration.microseconds(830_500).inMilliseconds == 831)
        #expect(Duration.seconds(2).inMilliseconds == 2000)
        #expect(Duration.zero.inMilliseconds == 0)
    }

    @Test func aCountdownRoundsUpAndReachesZeroOnlyWhenTheTimeIsUp() {
        #expect(Duration.seconds(3).secondsRoundedUp == 3)
        #expect(Duration.milliseconds(2001).secondsRoundedUp == 3)
        #expect(Duration.nanoseconds(1).secondsRoundedUp == 1)
        #expect(Duration.zero.secondsRoundedUp == 0)
        #expect(Duration.milliseconds(-500).secondsRoundedUp == 0)
    }
}
