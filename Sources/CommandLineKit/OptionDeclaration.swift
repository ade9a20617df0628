/// One option of a program, declared once: the parser, the `--help` text, the man page and the
/// shell completions are all made from it (Docs/installing.md).
public struct OptionDeclaration: Equatable, Sendable {
    /// The name used in messages and the usage (`--scenario`).
    public var name: String
    /// Other spellings (`-h` for `--help`).
    public var aliases: [String]
    public var kind: OptionKind
    /// One or more sentences; wrapped to the terminal or the page when shown.
    public var help: String
    /// A variable read when the option is not given (the command line wins), so a secret need
    /// not appear where `ps` shows it.
    public var environment: String?
    /// What the value is, in "is set but empty; unset it or give <noun>".
    public var noun: String
    /// `--help`, `--version`: parsing stops here and the rest of the line is not looked at.
    public var stopsParsing: Bool
    public var completion: OptionCompletion

    public init(
        _ name: String, aliases: [String] = [], _ kind: OptionKind = .flag, help: String,
        environment: String? = nil, noun: String = "a value", stopsParsing: Bool = false,
        completion: OptionCompletion? = nil
    ) {
        self.name = name
        self.aliases = aliases
        self.kind = kind
        self.help = help
        self.environment = environment
        self.noun = noun
        self.stopsParsing = stopsParsing
        if let completion {
            self.completion = completion
        } else if case .choice(_, let choices) = kind {
            self.completion = .words(choices)
        } else {
            self.completion = .none
        }
    }

    /// Every spelling, the name first.
    public var spellings: [String] { [name] + aliases }

    /// `--scenario NAME`, `--backend mock|http` or `--reset`.
    public var label: String {
        switch kind {
        case .flag: spellings.reversed().joined(separator: ", ")
        case .value(let placeholder): "\(name) \(placeholder)"
        case .choice(_, let choices): "\(name) \(choices.joined(separator: "|"))"
        }
    }

    /// The short form the synopsis shows, by the name alone: `[--backend mock|http]`, `[--help]`.
    public var synopsis: String {
        switch kind {
        case .flag: "[\(name)]"
        default: "[\(label)]"
        }
    }
}
