import Foundation
import Testing

/// Started without a terminal, the program says so in one line and exits 2 before drawing
/// anything; it never spins on an input that has ended (Docs/configuration.md).
@Suite(.timeLimit(.minutes(10))) struct NoTerminalEndToEndTests {
    private func run(_ shell: String) throws -> (status: Int32, output: String) {
        try Spawn.run(["sh", "-c", shell.replacingOccurrences(of: "PROGRAM", with: "'\(BuiltProducts.path("challenge-tui"))'")])
    }

    @Test func noInputTerminalExitsTwoWithOneLine() throws {
        let result = try run("PROGRAM </dev/null 2>&1 >/dev/null")
        #expect(result.status == 2)
        #expect(result.output == "challenge-tui: standard input is not a terminal (the program reads keys from it)\n")
    }

    @Test func aPipeIntoItDrawsNothing() throws {
        let result = try run("echo | PROGRAM 2>&1")
        #expect(result.status == 2)
        #expect(!result.output.contains("\u{1B}"), "nothing drawn: \(result.output.debugDescription)")
    }

    @Test func helpAndVersionWorkWithoutATerminal() throws {
        #expect(try run("PROGRAM --version </dev/null").status == 0)
        #expect(try run("PROGRAM --help </dev/null >/dev/null").status == 0)
    }
}
