import Testing
import TUI

@Suite(.timeLimit(.minutes(10))) struct TerminalCheckTests {
    @Test func aTerminalWithAKnownKindPasses() {
        #expect(TerminalCheck.problem(inputIsTerminal: true, outputIsTerminal: true, term: "xterm-256color") == nil)
    }

    @Test func eachMissingPieceIsNamed() {
        #expect(TerminalCheck.problem(inputIsTerminal: false, outputIsTerminal: true, term: "xterm")?
            .hasPrefix("standard input is not a terminal") == true)
        #expect(TerminalCheck.problem(inputIsTerminal: true, outputIsTerminal: false, term: "xterm")?
            .hasPrefix("standard output is not a terminal") == true)
        #expect(TerminalCheck.problem(inputIsTerminal: true, outputIsTerminal: true, term: nil)?.hasPrefix("TERM is not set") == true)
        #expect(TerminalCheck.problem(inputIsTerminal: true, outputIsTerminal: true, term: "")?.hasPrefix("TERM is not set") == true)
        #expect(TerminalCheck.problem(inputIsTerminal: true, outputIsTerminal: true, term: "dumb")?.hasPrefix("TERM=dumb") == true)
    }
}
