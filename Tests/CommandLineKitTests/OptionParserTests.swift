import Testing
@testable import CommandLineKit

/// The one option parser every program uses (Docs/installing.md, "One declaration").
@Suite(.timeLimit(.minutes(10))) struct OptionParserTests {
    static let interface = CommandLineInterface(
        name: "demo", version: "1.0", summary: "a demonstration",
        sections: [
            OptionSection(options: [
                OptionDeclaration("--fast", help: "go fast"),
                OptionDeclaration("--log", .value(placeholder: "FILE"), help: "write a log to FILE", completion: .file),
                OptionDeclaration("--colour", .choice(noun: "colour", choices: ["red", "green", "blue"]), help: "pick one"),
                OptionDeclaration("--secret", .value(placeholder: "S"), help: "a secret", environment: "DEMO_SECRET", noun: "a secret"),
                OptionDeclaration("--help", aliases: ["-h"], help: "this text", stopsParsing: true),
            ]),
        ],
        exitStatus: [Definition("0", "done"), Definition("2", "bad arguments")]
    )

    func parse(_ arguments: [String], positionals: Bool = false, environment: [String: String] = [:]) throws(CommandLineError) -> ParsedOptions {
        var interface = Self.interface
        interface.acceptsPositionals = positionals
        return try OptionParser.parse(arguments, by: interface, environment: environment)
    }

    func error(_ arguments: [String], positionals: Bool = false, environment: [String: String] = [:]) -> String? {
        do {
            _ = try parse(arguments, positionals: positionals, environment: environment)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func flagsAndValuesInBothSpellings() throws {
        let parsed = try parse(["--fast", "--log", "a.txt", "--colour=green"])
        #expect(parsed.has("--fast"))
        #expect(parsed["--log"] == "a.txt")
        #expect(parsed["--colour"] == "green")
        #expect(parsed.order == ["--fast", "--log", "--colour"])
        #expect(try parse(["--log=x=y"])["--log"] == "x=y", "only the first = splits")
        #expect(try !parse([]).has("--fast"))
    }

    @Test func choicesAreCheckedAndTheListIsNamed() {
        #expect(error(["--colour", "pink"]) == #"unknown colour "pink" (expected red, green or blue)"#)
        #expect(error(["--colour=pink"]) == #"unknown colour "pink" (expected red, green or blue)"#)
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option --frobnicate"),
        (["--frobnicate=1"], "unknown option --frobnicate"),
        (["--log"], "--log needs a value"),
        (["--log", "--fast"], "--log needs a value"),
        (["--log="], "--log needs a value"),
        (["--log", ""], "--log needs a value"),
        (["--fast=yes"], "--fast takes no value"),
        (["--fast", "--fast"], "--fast is given more than once"),
        (["--help", "--help"], nil),
        (["stray"], #"unexpected argument "stray""#),
        (["-x"], #"unexpected argument "-x""#),
    ] as [([String], String?)])
    func mistakesAreExplainedInOneStyle(arguments: [String], message: String?) {
        #expect(error(arguments) == message)
    }

    @Test func positionalsWhenTheProgramTakesThem() throws {
        let parsed = try parse(["3", "--fast", "-1", "false"], positionals: true)
        #expect(parsed.positionals == ["3", "-1", "false"])
        #expect(parsed.has("--fast"))
        #expect(error(["--nope"], positionals: true) == "unknown option --nope")
    }

    @Test func anOptionThatStopsParsingWinsOverWhatFollows() throws {
        #expect(try parse(["--fast", "--help", "--nonsense", "x"]).stoppedAt == "--help")
        #expect(try parse(["-h"]).stoppedAt == "--help")
        #expect(error(["--help=1"]) == "--help takes no value")
        #expect(error(["--nonsense", "--help"]) == "unknown option --nonsense", "but not over what came before")
    }

    @Test func theEnvironmentStandsInAndTheCommandLineWins() throws {
        #expect(try parse([], environment: ["DEMO_SECRET": "env"])["--secret"] == "env")
        #expect(try parse(["--secret", "cli"], environment: ["DEMO_SECRET": "env"])["--secret"] == "cli")
        #expect(error([], environment: ["DEMO_SECRET": ""]) == "DEMO_SECRET is set but empty; unset it or give a secret")
        #expect(try !parse([]).has("--secret"))
    }

    @Test func theUsageIsMadeFromTheDeclarations() {
        let help = HelpText.render(Self.interface)
        #expect(help.hasPrefix("usage: demo [--fast] [--log FILE] [--colour red|green|blue] [--secret S]\n"))
        #expect(help.contains("\n  --log FILE         write a log to FILE\n"))
        #expect(help.contains("\n  --colour red|green|blue\n                     pick one\n"), "a long label puts the help below")
        #expect(help.contains("--secret S         a secret; or set DEMO_SECRET"))
        #expect(help.contains("\n  -h, --help         this text\n"))
        #expect(help.contains(" [--help]\n") && !help.contains("[-h"), "the synopsis names an option once")
        #expect(help.hasSuffix("EXIT STATUS\n  0   done\n  2   bad arguments"))
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
        #expect(HelpText.shortUsage(Self.interface).hasSuffix("'demo --help' says what every option does."))
    }

    @Test func longUsageAndTextWrapAtEightyColumnsKeepingBracketsWhole() {
        let words = Array(repeating: "[--option VALUE]", count: 10).joined(separator: " ")
        let lines = HelpText.wrapSynopsis(words, width: 40)
        #expect(lines.allSatisfy { $0.count <= 40 && $0.hasPrefix("[") && $0.hasSuffix("]") })
        #expect(lines.joined(separator: " ") == words)
        #expect(TextWrapping.lines("a bb ccc", width: 4) == ["a bb", "ccc"])
    }

    @Test func manPageTextIsEscapedForRoff() {
        #expect(ManPage.escape("--log") == #"\-\-log"#)
        #expect(ManPage.escape("login-down") == "login-down")
        #expect(ManPage.escape(".hidden") == #"\&.hidden"#)
        #expect(ManPage.escape(#"a\b"#) == #"a\eb"#)
        #expect(ManPage.escape("W × H — ok") == #"W \[u00D7] H \[u2014] ok"#)
        let page = ManPage.render(Self.interface)
        #expect(page.hasPrefix(#".TH "DEMO" 1 "" "demo 1.0" "User Commands""#))
        #expect(page.contains(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nthis text\n"))
        #expect(page.contains(".SH ENVIRONMENT\n.TP\n\\fBDEMO_SECRET\\fR\n"))
    }
}
