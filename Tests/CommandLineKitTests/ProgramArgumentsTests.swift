import Foundation
import Testing
@testable import CommandLineKit

/// The command line comes from what was saved before main, so a root without /proc still has
/// one; with neither, the program refuses to start rather than run as if given nothing
/// (Docs/security.md, "The command line without /proc").
@Suite(.timeLimit(.minutes(10))) struct ProgramArgumentsTests {
    @Test func theConstructorSavedThisProcesssCommandLine() throws {
        // Here /proc is mounted, so Swift's own reading is there to compare with.
        #expect(ProgramArguments.savedAtStart() == CommandLine.arguments)
        #expect(try ProgramArguments.current().get() == CommandLine.arguments)
    }

    @Test func whatWasSavedAtStartWinsOverProc() {
        #expect(ProgramArguments.resolve(saved: ["challenge-tui", "--version"], fromProc: [], procIsMounted: false)
            == .success(["challenge-tui", "--version"]))
        #expect(ProgramArguments.resolve(saved: ["challenge-tui", "--help"], fromProc: ["challenge-tui"], procIsMounted: true)
            == .success(["challenge-tui", "--help"]))
    }

    @Test func withNothingSavedProcIsRead() {
        #expect(ProgramArguments.resolve(saved: nil, fromProc: ["challenge-server", "--help"], procIsMounted: true)
            == .success(["challenge-server", "--help"]))
        #expect(ProgramArguments.resolve(saved: [], fromProc: ["challenge-server"], procIsMounted: true) == .success(["challenge-server"]))
        // A process really started with no arguments at all, as /proc tells.
        #expect(ProgramArguments.resolve(saved: nil, fromProc: [], procIsMounted: true) == .success([]))
    }

    @Test func withNothingSavedAndNoProcTheProgramRefusesToStart() {
        let resolved = ProgramArguments.resolve(saved: nil, fromProc: [], procIsMounted: false)
        #expect(resolved == .failure(ProgramArguments.Unreadable()))
        #expect(ProgramArguments.Unreadable().description.contains("/proc is not mounted"))
    }
}
