import CommandLineKit
import Core

/// The bench's command line.
struct BenchOptions: Equatable, Sendable {
    enum Section: String, CaseIterable, Sendable {
        case startup, keys, idle, memory, articles, sync, store, images, server
    }

    var quick = false
    /// Where challenge-tui and challenge-server are; the bench's own directory by default.
    var binDirectory: String?
    var sections = Set(Section.allCases)
    var idleSeconds = 5.0
    var runs: Int?
    /// Article counts of the `sync` section.
    var syncCounts = [60, 10_000, 100_000]

    /// Runs of each exec-to-first-frame measurement.
    var startupRuns: Int { runs ?? (quick ? 5 : 21) }
    /// ↓ presses measured per program.
    var keyPresses: Int { runs ?? (quick ? 5 : 15) }
    /// ↓ presses measured per program where the launcher's are held to dialog's: their medians
    /// lie within a few hundredths of a millisecond, and the median of 30 moves of either
    /// wanders by about as much from run to run (Docs/performance.md, "The eighth round").
    var sideBySideMoves: Int { runs.map { 2 * $0 } ?? (quick ? 10 : 100) }
    /// Repetitions of each in-process measurement.
    var repetitions: Int { runs ?? (quick ? 3 : 7) }
    /// Seconds of load per server measurement (and round).
    var loadSeconds: Double { quick ? 1 : 3 }

    enum Parsed: Equatable { case help, run(BenchOptions) }

    struct Failure: Error, Equatable, CustomStringConvertible { var description: String }

    static let interface = CommandLineInterface(
        name: "challenge-bench",
        version: ProgramVersion.current,
        summary: "measures challenge-tui and challenge-server against their budgets",
        description: [
            .text("""
                Measures challenge-tui and challenge-server against their budgets \
                (Docs/performance.md) and prints a Markdown table with PASS/FAIL per budget line. \
                Exit status 1 when a budget fails.
                """),
            .text("Build the release binaries first, then run the bench from the package root:"),
            .verbatim(["    swift build -c release && swift run -c release challenge-bench"]),
        ],
        sections: [
            OptionSection(options: [
                OptionDeclaration("--quick", help: "fewer repetitions (5 starts instead of 21, 1 s of load instead of 3)"),
                OptionDeclaration("--runs", .value(placeholder: "N"), help: "repetitions of every repeated measurement"),
                OptionDeclaration("--only", .value(placeholder: "SECTIONS"), help: "comma-separated subset of: \(sectionNames)"),
                OptionDeclaration("--idle-seconds", .value(placeholder: "S"), help: "length of each idle window (default 5)"),
                OptionDeclaration("--sync-counts", .value(placeholder: "N,..."),
                                  help: "article counts of the sync section (default 60,10000,100000)"),
                OptionDeclaration("--bin-dir", .value(placeholder: "DIR"),
                                  help: "where challenge-tui and challenge-server are (default: next to the bench)",
                                  completion: .directory),
                OptionDeclaration("--help", aliases: ["-h"], help: "this text", stopsParsing: true),
            ]),
            OptionSection(paragraphs: [
                .text("""
                    Programs run on a pseudo-terminal of 80x24 (TERM=xterm-256color) with a private \
                    data directory and key. `dialog` (apt-get install dialog) and node are compared \
                    against when present; without them those lines are skipped and say why. The \
                    server section runs challenge-server next to node's own http module (and wrk, if \
                    installed, as a second opinion): keep-alive req/s at 1 and 50 connections, and \
                    10,000 clients at once.
                    """),
            ], options: []),
        ],
        exitStatus: [Definition("0", "every budget met"), Definition("1", "a budget failed"), Definition("2", "bad arguments")]
    )

    static func parse(_ arguments: [String]) throws(Failure) -> Parsed {
        let given: ParsedOptions
        do { given = try OptionParser.parse(arguments, by: interface) } catch { throw Failure(description: error.message) }
        if given.stoppedAt == "--help" { return .help }
        var options = BenchOptions()
        options.quick = given.has("--quick")
        options.binDirectory = given["--bin-dir"]
        if let value = given["--runs"] {
            guard let count = Int(value), (1...1000).contains(count) else {
                throw Failure(description: CommandLineError.invalid("--runs", value, "not a number from 1 to 1000").message)
            }
            options.runs = count
        }
        if let value = given["--sync-counts"] {
            let counts = value.split(separator: ",").compactMap { Int($0) }
            guard !counts.isEmpty, counts.allSatisfy({ (1...1_000_000).contains($0) }) else {
                throw Failure(description: CommandLineError.invalid(
                    "--sync-counts", value, "not article counts from 1 to 1000000, comma-separated").message)
            }
            options.syncCounts = counts
        }
        if let value = given["--idle-seconds"] {
            guard let seconds = Double(value), seconds >= 0.5, seconds <= 600 else {
                throw Failure(description: CommandLineError.invalid("--idle-seconds", value, "not a number of seconds from 0.5 to 600").message)
            }
            options.idleSeconds = seconds
        }
        if let value = given["--only"] {
            var chosen = Set<Section>()
            for name in value.split(separator: ",") {
                guard let section = Section(rawValue: String(name)) else {
                    throw Failure(description: CommandLineError.invalid("--only", value, "unknown section \(name.quoted()) (sections: \(sectionNames))").message)
                }
                chosen.insert(section)
            }
            options.sections = chosen
        }
        return .run(options)
    }

    static var sectionNames: String { Section.allCases.map(\.rawValue).joined(separator: ",") }

    static var usage: String { HelpText.render(interface) }
}
