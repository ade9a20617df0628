import Contract
import Core
import Foundation

/// Checks that a JSON document is what `GET /articles` promises: an array of objects, each with
/// an integer `id` and string `title`, `description`, `author`, `release_date` (M/D/YYYY, a real
/// date) and `image`. Reports the first problem. Parsed with the project's strict JSON parser,
/// as the app reads it.
public enum ArticlesValidator {
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// The number of articles, or the first problem.
    public static func validate(_ data: Data) -> Result<Int, Problem> {
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(data))
        } catch {
            return .failure(Problem(message: "not valid JSON"))
        }
        guard case .array(let array) = json else {
            return .failure(Problem(message: "not a JSON array"))
        }
        typealias Key = ArticlesEndpoint.Key
        for (index, element) in array.enumerated() {
            let place = "article at index \(index)"
            guard case .object(let article) = element else {
                return .failure(Problem(message: "\(place) is not an object"))
            }
            guard case .number(let number)? = article[Key.id], number.rounded() == number, abs(number) < 9e15 else {
                return .failure(Problem(message: "\(place): \"id\" is missing or not an integer"))
            }
            let id = Int(number)
            for field in [Key.title, Key.description, Key.author, Key.releaseDate, Key.image] {
                guard case .string? = article[field] else {
                    return .failure(Problem(message: "\(place) (id \(id)): \"\(field)\" is missing or not a string"))
                }
            }
            if case .string(let date)? = article[Key.releaseDate], CalendarDate(parsing: date) == nil {
                return .failure(Problem(message: "\(place) (id \(id)): release_date \(date.quoted()) is not a date in M/D/YYYY"))
            }
        }
        return .success(array.count)
    }
}
