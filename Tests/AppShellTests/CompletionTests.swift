@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import CommandLineKit
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

/// `challenge-tui --completions SHELL`: bash's completion function, run for real, offers the
/// options and the scenario names, built-in and the user's (Docs/installing.md).
@Suite(.timeLimit(.minutes(10))) struct CompletionTests {
    /// The candidates bash's function gives for the words `line` (the last one being completed),
    /// off the cooperative pool (bash is a process to wait for).
    func complete(_ line: [String], configHome: String) async throws -> [String] {
        try await offThePool { try Self.completeBlocking(line, configHome: configHome) }
    }

    static func completeBlocking(_ line: [String], configHome: String) throws -> [String] {
        let folder = TemporaryDirectory()
        let script = folder.file("completion.bash")
        try CompletionScript.render(LaunchInterface.interface, for: .bash).write(toFile: script, atomically: true, encoding: .utf8)
        // Called as bash calls it: the command, the word being completed, the word before it.
        let driver = """
            source '\(script)'
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
            _challenge_tui challenge-tui "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", "-c", driver, "bash"] + line
        process.environment = ["XDG_CONFIG_HOME": configHome, "HOME": folder.path, "PATH": "/usr/bin:/bin"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesOptionsAndScenarioNamesBuiltInAndTheUsers() async throws {
        let home = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.file("challenge-tui/scenarios"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: home.file("challenge-tui/scenarios/my-own.json"), contents: Data("{}".utf8)))
        #expect(FileManager.default.createFile(atPath: home.file("challenge-tui/scenarios/notes.txt"), contents: Data()))

        #expect(try await complete(["challenge-tui", "--sce"], configHome: home.path) == ["--scenario"])
        #expect(try await complete(["challenge-tui", "--scenario", ""], configHome: home.path).sorted()
            == ["default", "flaky", "happy", "login-down", "my-own", "offline", "server-errors", "slow"])
        #expect(try await complete(["challenge-tui", "--scenario", "s"], configHome: home.path).sorted() == ["server-errors", "slow"])
        #expect(try await complete(["challenge-tui", "--backend", ""], configHome: home.path).sorted() == ["http", "mock"])
        #expect(try await complete(["challenge-tui", "--challenge", "na"], configHome: home.path) == ["navigation"])
        #expect(try await complete(["challenge-tui", "--completions", ""], configHome: home.path).sorted() == ["bash", "fish", "zsh"])
        let options = try await complete(["challenge-tui", "--"], configHome: home.path)
        #expect(Set(options) == Set(LaunchInterface.interface.options.map(\.name)))
    }

    @Test func bashCompletesFoldersForTheDataDirectory() async throws {
        let home = TemporaryDirectory()
        let candidates = try await complete(["challenge-tui", "--data-dir", "/u"], configHome: home.path)
        #expect(candidates.contains("/usr"))
        #expect(candidates.allSatisfy { $0.hasPrefix("/u") })
    }

    @Test func everyShellsScriptNamesEveryOptionAndTheScenarios() {
        for shell in CompletionShell.allCases {
            let script = CompletionScript.render(LaunchInterface.interface, for: shell)
            for option in LaunchInterface.interface.options {
                let spelled = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                #expect(script.contains(spelled), "\(shell): \(option.name)")
            }
            #expect(script.contains("login-down") && script.contains("challenge-tui/scenarios"), "\(shell)")
        }
    }

    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `SHELL -n script`: the script parses.
    func parses(_ shell: CompletionShell) async throws -> Bool {
        let path = try #require(Self.shell(shell.rawValue))
        return try await offThePool { try Self.parsesBlocking(shell, path: path) }
    }

    static func parsesBlocking(_ shell: CompletionShell, path: String) throws -> Bool {
        let folder = TemporaryDirectory()
        let script = folder.file("script")
        try CompletionScript.render(LaunchInterface.interface, for: shell).write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-n", script]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func theBashScriptParses() async throws { #expect(try await parses(.bash)) }

    @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed here"))
    func theZshScriptParses() async throws { #expect(try await parses(.zsh)) }

    @Test(.enabled(if: shell("fish") != nil, "fish is not installed here"))
    func theFishScriptParses() async throws { #expect(try await parses(.fish)) }
}
