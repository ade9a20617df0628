/// What follows an option on the command line.
public enum OptionKind: Equatable, Sendable {
    /// Nothing: the option is on or off (`--reset`).
    case flag
    /// One value, written `PLACEHOLDER` in the usage (`--log FILE`).
    case value(placeholder: String)
    /// One of a fixed list of words (`--backend mock|http`); anything else is refused by the
    /// parser, naming the list. `noun` names the value in that error ("unknown backend 'x'").
    case choice(noun: String, choices: [String])

    /// Whether the option takes a value.
    public var takesValue: Bool { self != .flag }
}
