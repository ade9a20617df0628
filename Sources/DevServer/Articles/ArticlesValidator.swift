import Foundation

/// Checks that a JSON document is what `GET /articles` promises: an array of objects, each with
/// an integer `id` and string `title`, `description`, `author`, `release_date` (M/D/YYYY, a real
/// date) and `image`. Reports the first problem.
public enum ArticlesValidator {
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// The number of articles, or the first problem.
    public static func validate(_ data: Data) -> Result<Int, Problem> {
        guard let json = try? JSONSerialization.jsonObject(with: data) else {
            return .failure(Problem(message: "not valid JSON"))
        }
        guard let array = json as? [Any] else {
            return .failure(Problem(message: "not a JSON array"))
        }
        for (index, element) in array.enumerated() {
            let place = "article at index \(index)"
            guard let article = element as? [String: Any] else {
                return .failure(Problem(message: "\(place) is not an object"))
            }
            guard let id = JSONValue.integer(article["id"]) else {
                return .failure(Problem(message: "\(place): \"id\" is missing or not an integer"))
            }
            for field in ["title", "description", "author", "release_date", "image"] {
                guard article[field] is String else {
                    return .failure(Problem(message: "\(place) (id \(id)): \"\(field)\" is missing or not a string"))
                }
            }
            if let date = article["release_date"] as? String, !isMonthDayYear(date) {
                return .failure(Problem(message: "\(place) (id \(id)): release_date \"\(date)\" is not a date in M/D/YYYY"))
            }
        }
        return .success(array.count)
    }

    /// `6/25/2018`: month 1–12, a day that exists in that month, a four-digit year.
    static func isMonthDayYear(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3,
              parts[0].count <= 2, parts[1].count <= 2, parts[2].count == 4,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]),
              (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }
}
