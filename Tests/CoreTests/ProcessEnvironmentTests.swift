import Foundation
import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct ProcessEnvironmentTests {
    @Test func theEnvironmentIsWhatProcessInfoSees() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test func entriesSplitAtTheFirstEqualsAndTheFirstOfTwoWins() {
        let parsed = ProcessEnvironment.parse(["A=1", "B=x=y", "EMPTY=", "NOEQUALS", "A=2", "=nameless"])
        #expect(parsed == ["A": "1", "B": "x=y", "EMPTY": ""])
    }
}
