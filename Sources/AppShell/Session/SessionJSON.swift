import Core
import FoundationEssentials

/// The members of one JSON object of a recording, read strictly: unknown keys are errors, and
/// every error names the key (Docs/recording.md, "Bad input").
package struct SessionObject {
    package let reader: JSONReader
    private let members: [String: JSONReader]

    package init(_ reader: JSONReader, known: [String]) throws(ConfigurationError) {
        self.reader = reader
        members = try reader.object(known: known)
    }

    /// The member `key`; missing is an error.
    package func callAsFunction(_ key: String) throws(ConfigurationError) -> JSONReader {
        guard let member = members[key] else {
            throw ConfigurationError(file: reader.file, keyPath: reader.path.isEmpty ? key : "\(reader.path).\(key)", problem: "missing")
        }
        return member
    }

    /// The member `key`, or nil when it is missing or null.
    package func optional(_ key: String) -> JSONReader? {
        guard let member = members[key], !member.isNull else { return nil }
        return member
    }

    package func has(_ key: String) -> Bool { members[key] != nil }
}

extension JSONReader {
    /// A whole number within `range`.
    package func int(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard case .number(let number) = value, number.rounded() == number,
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw error("expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.excerpt)")
        }
        return Int(number)
    }

    /// A string of at most `limit` UTF-8 bytes.
    package func string(atMost limit: Int) throws(ConfigurationError) -> String {
        let text = try string()
        guard text.utf8.count <= limit else { throw error("expected at most \(limit) bytes of text, got \(text.utf8.count)") }
        return text
    }

    /// A time on the session's clock: seconds, exact to the nanosecond, from 0 to
    /// `SessionFormat.longestSession`.
    package func time() throws(ConfigurationError) -> Duration {
        let limit = SessionFormat.longestSession.inSeconds
        let seconds = try number("a time in seconds from 0 to \(Int(limit))", in: 0...limit)
        return SessionFormat.duration(seconds: seconds)
    }

    /// One of `cases`' raw values.
    package func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(ConfigurationError) -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text) else {
            throw error("expected one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got \(value.excerpt)")
        }
        return value
    }
}

extension JSONValue {
    package static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// A time on the session's clock, in seconds (exact to the nanosecond when read back).
    package static func time(_ duration: Duration) -> JSONValue { .number(SessionFormat.seconds(duration)) }

    package static func optional(_ value: JSONValue?) -> JSONValue { value ?? .null }
}
