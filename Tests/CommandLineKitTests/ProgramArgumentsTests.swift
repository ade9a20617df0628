import CSystem
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

    /// What the Swift runtime is told for `CommandLine.arguments` in a statically linked program
    /// (SavedArguments.c defines the runtime's two functions with these).
    @Test func theRuntimesArgumentsAreTheSavedOnesUnlessOverridden() {
        func runtimeArguments() -> [String] {
            var count: Int32 = -1
            guard let argv = csystem_runtime_arguments(&count) else { return ["no list"] }
            return (0..<Int(count)).map { argv[$0].map { String(cString: $0) } ?? "NULL" }
        }
        #expect(runtimeArguments() == ProgramArguments.savedAtStart())
        #expect(runtimeArguments() == CommandLine.arguments)
        let given: [UnsafeMutablePointer<CChar>?] = ["challenge-tui", "--version"].map { (word: String) in strdup(word) }
        defer { given.forEach { free($0) } }
        var list = given + [nil]
        list.withUnsafeMutableBufferPointer { buffer in
            csystem_override_runtime_arguments(buffer.baseAddress, 2)
            #expect(runtimeArguments() == ["challenge-tui", "--version"])
            csystem_override_runtime_arguments(nil, 5)
        }
        #expect(runtimeArguments() == ProgramArguments.savedAtStart(), "back to the saved ones")
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
