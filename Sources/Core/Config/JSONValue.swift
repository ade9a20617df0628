import FoundationEssentials

/// A parsed JSON document, kept as a tree so configuration files can be checked key by key
/// (unknown keys, wrong types) with messages that name the file and the key path.
public enum JSONValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        case .string(let string): try container.encode(string)
        case .array(let array): try container.encode(array)
        case .object(let object): try container.encode(object)
        }
    }

    /// Parses `data`; a syntax error is reported against `file`.
    public static func parse(_ data: Data, file: String) throws(ConfigurationError) -> JSONValue {
        do {
            return try JSONParser.parse(Array(data))
        } catch {
            throw ConfigurationError(file: file, keyPath: "", problem: "not valid JSON (\(error.description))")
        }
    }

    /// Compact JSON, keys sorted: how a bad value is quoted in an error message.
    /// At most ~60 characters of the value, for a message about it (Docs/security.md); a string
    /// is quoted as every piece of outside text is (`OutsideText.quoted`).
    public var excerpt: String {
        if case .string(let string) = self { return string.quoted() }
        return description.excerpt()
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let string): Self.quote(string)
        case .array(let array): "[" + array.map(\.description).joined(separator: ",") + "]"
        case .object(let object):
            "{" + object.keys.sorted().map { "\(Self.quote($0)):\(object[$0]!.description)" }.joined(separator: ",") + "}"
        }
    }

    /// Pretty JSON with sorted keys and a final newline (how files are written).
    public func prettyPrinted() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding a JSONValue can't fail: every case maps onto a JSON value.
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }

    /// Objects are merged key by key, `override` winning; anything else is replaced whole.
    public func merged(with override: JSONValue) -> JSONValue {
        guard case .object(var base) = self, case .object(let changes) = override else { return override }
        for (key, value) in changes {
            base[key] = base[key].map { $0.merged(with: value) } ?? value
        }
        return .object(base)
    }

    /// A JSON string whose control, bidi and format characters are escaped (`OutsideText`), so a
    /// value quoted in a message or written to a recording never acts on a terminal.
    private static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if OutsideText.isEscaped(scalar) {
                    OutsideText.appendEscape(of: scalar, to: &out)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A bad configuration or scenario file: which file, which key, what is wrong.
/// `Config/x.json: retry.login.cap: expected a number of seconds, got "abc"`.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// Dotted path to the key (`retry.login.cap`, `endpoints.rLogin.delay[1]`); empty for the
    /// whole file.
    public var keyPath: String
    public var problem: String

    public init(file: String, keyPath: String, problem: String) {
        self.file = file
        self.keyPath = keyPath
        self.problem = problem
    }

    public var message: String { keyPath.isEmpty ? "\(file): \(problem)" : "\(file): \(keyPath): \(problem)" }
    public var description: String { message }
}
