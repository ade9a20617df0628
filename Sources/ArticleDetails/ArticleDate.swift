import Articles
import Contract

/// The detail page's release date, `EEE, MMM d, ''yy` in the POSIX locale: "Wed, Jul 8, '20".
///
/// Written out by hand rather than with a `DateFormatter`: the names are fixed English ones, and
/// a calendar date needs no time zone that could shift it by a day.
public enum ArticleDate {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func string(from date: CalendarDate) -> String {
        let weekday = weekdays[date.weekday.rawValue]
        let month = months[date.month - 1]
        let year = date.year % 100
        return "\(weekday), \(month) \(date.day), '\(year < 10 ? "0" : "")\(year)"
    }
}
