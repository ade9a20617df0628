/// What the parser found: the options given (by name), their values, the positional arguments.
public struct ParsedOptions: Equatable, Sendable {
    /// Values by option name; a flag given has the value "".
    public private(set) var values: [String: String] = [:]
    /// Options in the order given, by name (from the environment last).
    public private(set) var order: [String] = []
    public var positionals: [String] = []
    /// The `stopsParsing` option that ended parsing (`--help`), if one did.
    public var stoppedAt: String?

    public init() {}

    mutating func record(_ name: String, _ value: String) {
        values[name] = value
        order.append(name)
    }

    /// Whether `name` was given (on the command line or through its variable).
    public func has(_ name: String) -> Bool { values[name] != nil }

    /// The value given for `name`.
    public subscript(_ name: String) -> String? { values[name] }
}
