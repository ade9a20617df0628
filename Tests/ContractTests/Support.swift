import Testing
@testable import Contract

/// A date written as the API writes it; a typo in a test is recorded, not a crash.
func date(_ text: String) -> CalendarDate {
    guard let date = CalendarDate(parsing: text) else {
        Issue.record("bad test date \(text)")
        return CalendarDate(validYear: 2000, month: 1, day: 1)
    }
    return date
}
