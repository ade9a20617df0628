/// Everything a program says about its command line, declared once. `OptionParser` parses with
/// it, `HelpText` and `ManPage` print it, `CompletionScript` teaches it to shells; so the
/// `--help` text, the man page and the completions cannot disagree (Docs/installing.md).
public struct CommandLineInterface: Equatable, Sendable {
    /// The executable's name (`challenge-tui`).
    public var name: String
    public var version: String
    /// One line for the man page's NAME (`challenge-tui - ...`).
    public var summary: String
    /// Usage lines after the program name; empty: one line made from the options.
    public var synopsis: [String]
    /// Whether arguments that are not options are accepted (the server's X Y U V A B).
    public var acceptsPositionals: Bool
    public var description: [HelpParagraph]
    public var sections: [OptionSection]
    /// Man page only: keys, files and the variables that no option stands for.
    public var keys: [Definition]
    public var files: [Definition]
    public var environment: [Definition]
    /// In `--help` and the man page.
    public var exitStatus: [Definition]
    /// Man page only.
    public var examples: [Definition]

    public init(
        name: String, version: String, summary: String, synopsis: [String] = [], acceptsPositionals: Bool = false,
        description: [HelpParagraph] = [], sections: [OptionSection], keys: [Definition] = [], files: [Definition] = [],
        environment: [Definition] = [], exitStatus: [Definition] = [], examples: [Definition] = []
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.synopsis = synopsis
        self.acceptsPositionals = acceptsPositionals
        self.description = description
        self.sections = sections
        self.keys = keys
        self.files = files
        self.environment = environment
        self.exitStatus = exitStatus
        self.examples = examples
    }

    /// Every option, in the order declared.
    public var options: [OptionDeclaration] { sections.flatMap(\.options) }

    /// The variables options read, then the others.
    public var allEnvironment: [Definition] {
        options.compactMap { option in option.environment.map { Definition($0, "stands for \(option.name) when it is not given") } }
            + environment
    }

    /// The usage lines: the declared synopsis, or every option in brackets.
    public var usageLines: [String] {
        synopsis.isEmpty ? [options.map(\.synopsis).joined(separator: " ")] : synopsis
    }
}
