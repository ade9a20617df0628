import Testing
import TUI

/// Before the terminal starts: one line naming what is missing (Docs/configuration.md, exit
/// statuses). The terminfo look-up itself is checked in the ncurses suite (it touches ncurses'
/// global terminal); here it is stood in for.
@Suite(.timeLimit(.minutes(10))) struct TerminalCheckTests {
    private func problem(
        input: Bool = true, output: Bool = true, term: String? = "xterm-256color",
        entry: TerminalCheck.Entry = .usable
    ) -> String? {
        TerminalCheck.problem(inputIsTerminal: input, outputIsTerminal: output, term: term) { _ in entry }
    }

    @Test func aTerminalWithAUsableEntryPasses() {
        #expect(problem() == nil)
    }

    @Test func eachMissingPieceIsNamedInOneLine() throws {
        let cases: [(String?, String)] = [
            (problem(input: false), "standard input is not a terminal"),
            (problem(output: false), "standard output is not a terminal"),
            (problem(term: nil), "TERM is not set"),
            (problem(term: ""), "TERM is not set"),
            (problem(term: "xterm-16color", entry: .missing), "TERM=xterm-16color has no terminfo entry"),
            (problem(term: "dumb", entry: .cannotAddressCursor), "TERM=dumb can't place the cursor"),
            (problem(entry: .noDatabase), "no terminfo database was found"),
        ]
        for (message, start) in cases {
            let message = try #require(message)
            #expect(message.hasPrefix(start), "\(message)")
            #expect(!message.contains("\n"))
        }
    }

    @Test func theInputIsCheckedFirstThenTheOutputThenTERM() {
        #expect(problem(input: false, output: false, term: nil)?.hasPrefix("standard input") == true)
        #expect(problem(output: false, term: nil)?.hasPrefix("standard output") == true)
    }

    /// What to do about it is part of the line.
    @Test func theLineSaysWhatWouldHelp() {
        #expect(problem(term: nil)?.contains("TERM=xterm-256color") == true)
        #expect(problem(term: "xterm-16color", entry: .missing)?.contains("ncurses-term") == true)
    }
}
