/// A day on the proleptic Gregorian calendar: year, month and day, nothing else.
///
/// Release dates are calendar dates, not instants: "7/8/2020" is the 8th of July wherever the
/// reader is. Keeping them as three numbers (no `Date`, no time zone) means no conversion can
/// shift a date by a day.
public struct CalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid date, or `nil` (month 13, April 31, February 29 outside leap years, year 0…).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// For values already known to be valid (the sample generator draws them in range).
    init(validYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses the API's `M/d/yyyy` strictly: 1–2 digit month and day, 4-digit year, ASCII digits
    /// only, no spaces. Anything else, or a day that doesn't exist, gives `nil`.
    public init?(parsing text: String) {
        var text = text
        guard let date = text.withUTF8({ CalendarDate(parsing: $0) }) else { return nil }
        self = date
    }

    /// The same, from the text's UTF-8 bytes (no string made: the articles decoder reads 100,000
    /// dates straight from the answer's bytes).
    public init?(parsing bytes: UnsafeBufferPointer<UInt8>) {
        // Month, day, year; how many digits each had.
        var numbers = (0, 0, 0)
        var digits = (0, 0, 0)
        var part = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                guard part < 2 else { return nil }
                part += 1
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            switch part {
            case 0: numbers.0 = numbers.0 * 10 + Int(digit); digits.0 += 1
            case 1: numbers.1 = numbers.1 * 10 + Int(digit); digits.1 += 1
            default: numbers.2 = numbers.2 * 10 + Int(digit); digits.2 += 1
            }
            // Past 4 digits nothing can be valid (and the number can't grow without bound).
            guard digits.0 <= 2, digits.1 <= 2, digits.2 <= 4 else { return nil }
        }
        guard part == 2, digits.0 >= 1, digits.1 >= 1, digits.2 == 4 else { return nil }
        self.init(year: numbers.2, month: numbers.0, day: numbers.1)
    }

    /// `M/d/yyyy`, the API's own spelling (so a date survives a round trip unchanged).
    public var description: String {
        let year = String(year)
        return "\(month)/\(day)/\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)"
    }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01 (negative before). Howard Hinnant's `days_from_civil`: exact for
    /// every Gregorian date, no tables, no Foundation.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of `daysSinceEpoch` (`civil_from_days`), for the sample generator.
    public init?(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (raw value 4 with Sunday = 0).
        let index = ((daysSinceEpoch % 7) + 7 + 4) % 7
        return Weekday(rawValue: index) ?? .sunday
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Days of the week, Sunday first (the order of the POSIX locale's `EEE`).
public enum Weekday: Int, Hashable, Sendable, CaseIterable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday
}

extension CalendarDate: Codable {
    // Stored as the same `M/d/yyyy` text the API sends: one parser for both.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a M/d/yyyy date")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
