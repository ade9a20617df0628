import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a short command and collects its output, with posix_spawn and waitpid only: no run
/// loop and no helper threads, so it is safe from any test, async or not.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` (looked up on PATH); returns the exit status and stdout+stderr.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        // Output goes to a file, not a pipe: a daemon the command starts (tmux's server) inherits
        // it, and a pipe would then never reach end-of-file.
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }

        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, env)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitCode = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let output = FileManager.default.contents(atPath: outputPath) ?? Data()
        return (exitCode, String(decoding: output, as: UTF8.self))
    }
}
