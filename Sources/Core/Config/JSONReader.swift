/// Reads typed values out of a `JSONValue` tree, keeping the file name and the key path so every
/// error says where it is. Strict: unknown keys are errors (a typo must not be silently ignored).
public struct JSONReader {
    public let file: String
    public let path: String
    public let value: JSONValue

    public init(file: String, path: String = "", value: JSONValue) {
        self.file = file
        self.path = path
        self.value = value
    }

    public func error(_ problem: String) -> ConfigurationError {
        ConfigurationError(file: file, keyPath: path, problem: problem)
    }

    /// The members of an object, after checking that every key is one of `known`.
    public func object(known: [String]) throws(ConfigurationError) -> [String: JSONReader] {
        guard case .object(let members) = value else { throw error("expected an object, got \(value.excerpt)") }
        for key in members.keys.sorted() where !known.contains(key) {
            throw ConfigurationError(
                file: file, keyPath: child(key), problem: "unknown key (known keys: \(known.joined(separator: ", ")))")
        }
        var readers: [String: JSONReader] = [:]
        for (key, member) in members { readers[key] = JSONReader(file: file, path: child(key), value: member) }
        return readers
    }

    /// An object whose keys are free (e.g. endpoint names, checked by the caller).
    public func dictionary() throws(ConfigurationError) -> [(key: String, reader: JSONReader)] {
        guard case .object(let members) = value else { throw error("expected an object, got \(value.excerpt)") }
        return members.keys.sorted().map { ($0, JSONReader(file: file, path: child($0), value: members[$0]!)) }
    }

    public func array() throws(ConfigurationError) -> [JSONReader] {
        guard case .array(let items) = value else { throw error("expected a list, got \(value.excerpt)") }
        return items.enumerated().map { JSONReader(file: file, path: "\(path)[\($0.offset)]", value: $0.element) }
    }

    public var isNull: Bool { value == .null }

    public func string() throws(ConfigurationError) -> String {
        guard case .string(let string) = value else { throw error("expected a string, got \(value.excerpt)") }
        return string
    }

    public func bool() throws(ConfigurationError) -> Bool {
        guard case .bool(let bool) = value else { throw error("expected true or false, got \(value.excerpt)") }
        return bool
    }

    public func number(_ what: String = "a number", in range: ClosedRange<Double>? = nil) throws(ConfigurationError) -> Double {
        guard case .number(let number) = value, number.isFinite else { throw error("expected \(what), got \(value.excerpt)") }
        if let range, !range.contains(number) { throw error("expected \(what), got \(value.excerpt)") }
        return number
    }

    public func integer(_ what: String, atLeast minimum: Int) throws(ConfigurationError) -> Int {
        guard case .number(let number) = value, number.rounded() == number, number >= Double(minimum), number < 1e9 else {
            throw error("expected \(what), got \(value.excerpt)")
        }
        return Int(number)
    }

    public func seconds(allowZero: Bool = true) throws(ConfigurationError) -> Duration {
        let what = allowZero ? "a number of seconds" : "a number of seconds above 0"
        let seconds = try number(what, in: 0...86_400)
        if !allowZero && seconds == 0 { throw error("expected \(what), got \(value.excerpt)") }
        return .seconds(seconds)
    }

    /// A key as a message's key path shows it: bare when it is a name, as every known key is,
    /// quoted otherwise (`OutsideText.named`).
    private func child(_ key: String) -> String { path.isEmpty ? OutsideText.named(key) : "\(path).\(OutsideText.named(key))" }
}

