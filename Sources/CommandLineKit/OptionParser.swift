/// Parses a command line by a `CommandLineInterface`: `--name value` and `--name=value` mean the
/// same; a value may not start with `--` (that is the next option) nor be empty; every option is
/// given at most once; an option that stops parsing (`--help`, `--completions bash`) wins over what follows it.
/// Options' variables are read after the command line, for options it did not give.
/// Values are checked only against their choices: what they mean is the program's business.
public enum OptionParser {
    public static func parse(
        _ arguments: [String], by interface: CommandLineInterface, environment: [String: String] = [:]
    ) throws(CommandLineError) -> ParsedOptions {
        var bySpelling: [String: OptionDeclaration] = [:]
        for option in interface.options {
            for spelling in option.spellings { bySpelling[spelling] = option }
        }
        var parsed = ParsedOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            // `-1` is a (negative) positional; only declared single-dash aliases are options.
            guard argument.hasPrefix("--") || bySpelling[argument] != nil else {
                guard interface.acceptsPositionals else { throw .unexpectedArgument(argument) }
                parsed.positionals.append(argument)
                continue
            }
            var spelling = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                spelling = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = bySpelling[spelling] else { throw .unknownOption(spelling) }
            guard !parsed.has(option.name) else { throw .givenTwice(spelling) }

            guard option.kind.takesValue else {
                if inlineValue != nil { throw .takesNoValue(spelling) }
                parsed.record(option.name, "")
                if option.stopsParsing {
                    parsed.stoppedAt = option.name
                    return parsed
                }
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if let next = rest.first, !next.hasPrefix("--") {
                value = next
                rest.removeFirst()
            } else {
                throw .needsValue(spelling)
            }
            guard !value.isEmpty else { throw .needsValue(spelling) }
            try check(value, of: option)
            parsed.record(option.name, value)
            if option.stopsParsing {
                parsed.stoppedAt = option.name
                return parsed
            }
        }
        for option in interface.options where !parsed.has(option.name) {
            guard let variable = option.environment, let value = environment[variable] else { continue }
            guard !value.isEmpty else { throw .emptyVariable(variable, noun: option.noun) }
            try check(value, of: option)
            parsed.record(option.name, value)
        }
        return parsed
    }

    private static func check(_ value: String, of option: OptionDeclaration) throws(CommandLineError) {
        if case .choice(let noun, let choices) = option.kind, !choices.contains(value) {
            throw .notAChoice(value, noun: noun, choices: choices)
        }
    }
}
