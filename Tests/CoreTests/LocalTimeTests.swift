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

    @Test func aReadingGivesTheDayAndTheTimeOnTheMachineOrInAZone() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let local = LocalTime.reading(date)
        #expect(local.day == LocalDay(year: parts.year!, month: parts.month!, day: parts.day!))
        #expect(local.time == LocalTime(date))
        // 2023-11-14T22:13:20Z
        let utc = LocalTime.reading(date, in: TimeZone(identifier: "UTC")!)
        #expect(utc.day == LocalDay(year: 2023, month: 11, day: 14) && utc.time == LocalTime(hour: 22, minute: 13, second: 20))
        let east = LocalTime.reading(date, in: TimeZone(secondsFromGMT: 3 * 3600)!)
        #expect(east.day.shortDescription == "15 Nov" && east.time.hoursAndMinutes == "01:13")
        #expect(LocalTime(hour: 9, minute: 5, second: 0).hoursAndMinutes == "09:05")
        #expect(LocalDay(year: 2024, month: 1, day: 3).shortDescription == "3 Jan")
    }
}
