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
    /// Repetitions of each in-process measurement.
    var repetitions: Int { runs ?? (quick ? 3 : 7) }
    /// Seconds of load per server measurement (and round).
    var loadSeconds: Double { quick ? 1 : 3 }

    enum Parsed: Equatable { case help, run(BenchOptions) }

    struct Failure: Error, Equatable, CustomStringConvertible { var description: String }

    static func parse(_ arguments: [String]) throws(Failure) -> Parsed {
        var options = BenchOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help": return .help
            case "--quick": options.quick = true
            case "--bin-dir":
                guard let value = rest.popFirst() else { throw Failure(description: "--bin-dir needs a directory") }
                options.binDirectory = value
            case "--runs":
                guard let value = rest.popFirst(), let count = Int(value), (1...1000).contains(count) else {
                    throw Failure(description: "--runs needs a number from 1 to 1000")
                }
                options.runs = count
            case "--sync-counts":
                let counts = rest.popFirst().map { $0.split(separator: ",").compactMap { Int($0) } } ?? []
                guard !counts.isEmpty, counts.allSatisfy({ (1...1_000_000).contains($0) }) else {
                    throw Failure(description: "--sync-counts needs article counts from 1 to 1000000, comma-separated")
                }
                options.syncCounts = counts
            case "--idle-seconds":
                guard let value = rest.popFirst(), let seconds = Double(value), seconds >= 0.5, seconds <= 600 else {
                    throw Failure(description: "--idle-seconds needs a number of seconds from 0.5 to 600")
                }
                options.idleSeconds = seconds
            case "--only":
                guard let value = rest.popFirst() else { throw Failure(description: "--only needs a list of sections") }
                var chosen = Set<Section>()
                for name in value.split(separator: ",") {
                    guard let section = Section(rawValue: String(name)) else {
                        throw Failure(description: "--only: unknown section '\(name)' (sections: \(Self.sectionNames))")
                    }
                    chosen.insert(section)
                }
                options.sections = chosen
            default:
                throw Failure(description: "unknown argument '\(argument)'")
            }
        }
        return .run(options)
    }

    static var sectionNames: String { Section.allCases.map(\.rawValue).joined(separator: ",") }

    static let usage = """
        usage: challenge-bench [--quick] [--runs N] [--only SECTIONS] [--idle-seconds S] [--bin-dir DIR]

        Measures challenge-tui and challenge-server against their budgets (Docs/performance.md) and prints a
        Markdown table with PASS/FAIL per budget line. Exit status 1 when a budget fails.

        Build the release binaries first, then run the bench from the package root:
            swift build -c release && swift run -c release challenge-bench

          --quick            fewer repetitions (5 starts instead of 21, 1 s of load instead of 3)
          --runs N           repetitions of every repeated measurement
          --only SECTIONS    comma-separated subset of: \(sectionNames)
          --idle-seconds S   length of each idle window (default 5)
          --sync-counts N,…  article counts of the sync section (default 60,10000,100000)
          --bin-dir DIR      where challenge-tui and challenge-server are (default: next to the bench)
          -h, --help         this text

        Programs run on a pseudo-terminal of 80x24 (TERM=xterm-256color) with a private data
        directory and key. `dialog` (apt-get install dialog) and node are compared against when
        present; without them those lines are skipped and say why. The server section runs
        challenge-server next to node's own http module (and wrk, if installed, as a second
        opinion): keep-alive req/s at 1 and 50 connections, and 10,000 clients at once.
        """
}
