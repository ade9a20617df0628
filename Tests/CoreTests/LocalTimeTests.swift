import Foundation
import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct LocalTimeTests {
    /// The tests link all of Foundation, whose `TimeZone.current` knows the machine's zone:
    /// the C library's answer must be the same.
    @Test func theCLibrarysLocalTimeMatchesFoundationsCurrentTimeZone() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        for offset in [0.0, 1_700_000_000, 1_719_000_000.75, 1_735_689_599] {
            let date = Date(timeIntervalSince1970: offset)
            let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
            #expect(LocalTime(date) == LocalTime(hour: parts.hour!, minute: parts.minute!, second: parts.second!), "\(date)")
        }
    }
}
