import Core

/// A command line the parser refuses, in one style for every program: what is wrong, naming the
/// option and the argument (`--port needs a value`, `unknown option --verbose`). What was typed
/// is quoted as all outside text is (`OutsideText`).
public struct CommandLineError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    static func unknownOption(_ option: String) -> Self { Self("unknown option \(OutsideText.named(option))") }
    static func unexpectedArgument(_ argument: String) -> Self { Self("unexpected argument \(argument.quoted())") }
    static func needsValue(_ option: String) -> Self { Self("\(option) needs a value") }
    static func takesNoValue(_ option: String) -> Self { Self("\(option) takes no value") }
    static func givenTwice(_ option: String) -> Self { Self("\(option) is given more than once") }

    static func emptyVariable(_ variable: String, noun: String) -> Self {
        Self("\(variable) is set but empty; unset it or give \(noun)")
    }

    static func notAChoice(_ value: String, noun: String, choices: [String]) -> Self {
        let list = choices.count > 1
            ? choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
            : choices.joined()
        return Self("unknown \(noun) \(value.quoted()) (expected \(list))")
    }

    /// A value the option's own rules refuse: `--port "70000": not a port number (0–65535)`.
    public static func invalid(_ option: String, _ value: String, _ reason: String) -> Self {
        Self("\(option) \(value.quoted()): \(reason)")
    }
}
