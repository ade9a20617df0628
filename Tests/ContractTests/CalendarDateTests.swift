import Foundation
import Testing
@testable import Contract

@Suite(.timeLimit(.minutes(10))) struct CalendarDateTests {
    @Test(arguments: [
        ("6/25/2018", 2018, 6, 25), ("7/8/2020", 2020, 7, 8), ("07/08/2020", 2020, 7, 8),
        ("12/31/1999", 1999, 12, 31), ("2/29/2020", 2020, 2, 29), ("2/29/2000", 2000, 2, 29),
        ("1/1/0001", 1, 1, 1), ("12/31/9999", 9999, 12, 31), ("4/30/2021", 2021, 4, 30),
    ])
    func parsesValidDates(text: String, year: Int, month: Int, day: Int) throws {
        let date = try #require(CalendarDate(parsing: text))
        #expect((date.year, date.month, date.day) == (year, month, day))
    }

    @Test(arguments: [
        "2/29/2019", "2/29/1900", "2/30/2020", "4/31/2020", "6/31/2020", "9/31/2020", "11/31/2020",
        "13/1/2020", "0/1/2020", "1/0/2020", "1/32/2020", "1/1/0000", "1/1/20", "1/1/202", "1/1/02020",
        "", "/", "1/1", "1/1/2020/1", " 1/1/2020", "1/1/2020 ", "a/1/2020", "1/b/2020", "\u{FF11}/1/2020",
        "+1/1/2020", "-1/1/2020", "1//2020", "2020-01-01", "001/1/2020", "1/001/2020", "1.5/1/2020",
        "1/1/2020\n", "1/1/２０２０",
    ])
    func rejectsInvalidDates(text: String) {
        #expect(CalendarDate(parsing: text) == nil)
    }

    @Test func rejectsImpossibleComponents() {
        #expect(CalendarDate(year: 2020, month: 2, day: 30) == nil)
        #expect(CalendarDate(year: 10_000, month: 1, day: 1) == nil)
        #expect(CalendarDate(year: 2020, month: 0, day: 1) == nil)
        #expect(CalendarDate(year: 2020, month: 12, day: 31) != nil)
    }

    @Test func leapYears() {
        #expect(CalendarDate.isLeapYear(2020))
        #expect(CalendarDate.isLeapYear(2000))
        #expect(!CalendarDate.isLeapYear(1900))
        #expect(!CalendarDate.isLeapYear(2019))
        #expect(CalendarDate.daysIn(month: 2, year: 2024) == 29)
        #expect(CalendarDate.daysIn(month: 2, year: 2023) == 28)
        #expect(CalendarDate.daysIn(month: 9, year: 2023) == 30)
        #expect(CalendarDate.daysIn(month: 12, year: 2023) == 31)
    }

    @Test func comparesChronologically() {
        #expect(date("12/31/2019") < date("1/1/2020"))
        #expect(date("1/31/2020") < date("2/1/2020"))
        #expect(date("2/1/2020") < date("2/2/2020"))
        #expect(!(date("2/2/2020") < date("2/2/2020")))
        #expect(date("02/02/2020") == date("2/2/2020"))
    }

    @Test(arguments: [
        ("1/1/1970", Weekday.thursday), ("12/31/1969", .wednesday), ("7/8/2020", .wednesday),
        ("3/23/2020", .monday), ("2/29/2000", .tuesday), ("1/1/0001", .monday), ("6/25/2018", .monday),
        ("12/31/9999", .friday), ("10/15/1582", .friday),
    ])
    func computesWeekdays(text: String, weekday: Weekday) {
        #expect(date(text).weekday == weekday)
    }

    @Test func daysSinceEpochRoundTripsEveryDayOverThreeCenturies() throws {
        let start = try #require(CalendarDate(year: 1850, month: 1, day: 1)).daysSinceEpoch
        var previous: CalendarDate?
        for days in start..<(start + 365 * 300) {
            let date = try #require(CalendarDate(daysSinceEpoch: days))
            #expect(date.daysSinceEpoch == days)
            if let previous { #expect(previous < date) }
            previous = date
        }
        #expect(CalendarDate(daysSinceEpoch: 0) == CalendarDate(year: 1970, month: 1, day: 1))
        #expect(CalendarDate(daysSinceEpoch: -1_000_000) == nil)
    }

    @Test func describesItselfInTheAPIsSpelling() {
        #expect(date("07/08/2020").description == "7/8/2020")
        #expect(CalendarDate(year: 99, month: 1, day: 2)?.description == "1/2/0099")
    }

    @Test func codesAsText() throws {
        let data = try JSONEncoder().encode([date("7/8/2020")])
        #expect(String(decoding: data, as: UTF8.self) == #"["7\/8\/2020"]"# || String(decoding: data, as: UTF8.self) == #"["7/8/2020"]"#)
        #expect(try JSONDecoder().decode([CalendarDate].self, from: data) == [date("7/8/2020")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDate].self, from: Data(#"["2/30/2020"]"#.utf8)) }
    }
}
