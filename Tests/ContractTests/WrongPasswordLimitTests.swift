import Contract
import Testing

@Suite(.timeLimit(.minutes(10))) struct WrongPasswordLimitTests {
    @Test func theSixthTryWithinAMinuteOfFiveWrongOnesWaitsUntilTheFirstIsAMinuteOld() {
        var limit = WrongPasswordLimit()
        for second in 0..<4 { limit.recordWrong(at: .seconds(second)) }
        #expect(limit.secondsToWait(at: .seconds(4)) == nil)
        limit.recordWrong(at: .seconds(4))
        #expect(limit.secondsToWait(at: .seconds(4)) == 56)
        #expect(limit.secondsToWait(at: .milliseconds(59_001)) == 1)
        #expect(limit.secondsToWait(at: .seconds(60)) == nil)
        // The window slides: the second wrong one (at 1 s) is now the oldest of five.
        limit.recordWrong(at: .seconds(60))
        #expect(limit.secondsToWait(at: .seconds(60)) == 1)
    }

    @Test func fiveWrongOnesSpreadOverMoreThanAMinuteDoNotLimit() {
        var limit = WrongPasswordLimit()
        for minute in 0..<5 { limit.recordWrong(at: .seconds(minute * 15 + 1)) }
        // The first of the five (at 1 s) is a minute old when the fifth comes (at 61 s).
        #expect(limit.secondsToWait(at: .seconds(61)) == nil)
    }

    @Test func passwordsAreTheSameOnlyByteForByte() {
        #expect(ProfileRules.isSamePassword("password123", "password123"))
        #expect(!ProfileRules.isSamePassword("password123", "password12"))
        #expect(!ProfileRules.isSamePassword("password12", "password123"))
        #expect(!ProfileRules.isSamePassword("", "x"))
        #expect(ProfileRules.isSamePassword("", ""))
        // Canonically equivalent, so `==` says equal; not the same bytes.
        #expect(Secret("caf\u{E9}") == Secret("cafe\u{301}"))
        #expect(!ProfileRules.isSamePassword("caf\u{E9}", "cafe\u{301}"))
    }
}
