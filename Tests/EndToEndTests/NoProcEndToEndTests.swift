import Foundation
import Testing

/// In a root without /proc (a chroot, some containers) both programs still read their command
/// line: `--version` and `--help` answer and start nothing (Docs/security.md, "The command line
/// without /proc"). Each binary runs in a mount namespace of its own (`unshare -m`) where /proc
/// is an empty tmpfs, so the machine's /proc is untouched. Swift's `CommandLine.arguments`
/// comes back empty there: the app went on to look for a terminal, and the server started
/// serving on port 3000, which `timeout` ends here.
@Suite(.timeLimit(.minutes(10))) struct NoProcEndToEndTests {
    /// How to get a mount namespace here: as root `unshare -m`, else in a user namespace of our
    /// own (`unshare -r -m`); nil where neither is allowed.
    static let unshare: [String]? = {
        for command in [["unshare", "-m"], ["unshare", "-r", "-m"]] {
            if let result = try? Spawn.run(command + ["sh", "-c", "mount -t tmpfs none /proc"]), result.status == 0 {
                return command
            }
        }
        return nil
    }()

    /// `program arguments` with /proc empty; status 97 if /proc still shows the process.
    func runWithoutProc(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let unshare = try #require(Self.unshare)
        let script = #"mount -t tmpfs none /proc && [ ! -e /proc/self/cmdline ] || exit 97; exec "$0" "$@""#
        return try Spawn.run(["timeout", "20"] + unshare + ["sh", "-c", script, BuiltProducts.path(program)] + arguments)
    }

    /// The same, with /proc where it is: what the program should say.
    func runWithProc(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try Spawn.run([BuiltProducts.path(program)] + arguments)
    }

    @Test(.enabled(if: unshare != nil, "no mount namespace can be made here"), arguments: [
        ("challenge-tui", ["--version"]), ("challenge-tui", ["--help"]),
        ("challenge-server", ["--help"]), ("challenge-server", ["-h"]),
    ])
    func helpAndVersionAnswerWithoutProc(_ program: String, _ arguments: [String]) throws {
        let expected = try runWithProc(program, arguments)
        #expect(expected.status == 0 && !expected.output.isEmpty)
        let result = try runWithoutProc(program, arguments)
        #expect(result.status == 0, "\(program) \(arguments) without /proc: \(result.output)")
        #expect(result.output == expected.output)
        #expect(!result.output.contains("listening"), "\(program) started serving")
    }

    /// The arguments are really read: a wrong one is named, exit status 2, nothing started.
    @Test(.enabled(if: unshare != nil, "no mount namespace can be made here"), arguments: ["challenge-tui", "challenge-server"])
    func aWrongOptionIsNamedWithoutProc(_ program: String) throws {
        let result = try runWithoutProc(program, ["--no-such-option"])
        #expect(result.status == 2, "\(result.output)")
        #expect(result.output.contains("--no-such-option"))
        #expect(!result.output.contains("listening"), "\(program) started serving")
    }
}
