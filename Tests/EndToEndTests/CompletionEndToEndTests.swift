import Foundation
import Testing

/// What a person gets on the command line: each shell, interactive in tmux with the script the
/// real `challenge-tui --completions SHELL` prints, completes a scenario file's name with Tab,
/// and Enter then runs the line. `challenge-tui` there is a shell function writing the
/// arguments it got, so the test reads what the inserted word meant to the shell: exactly the
/// file's name, one argument, nothing in it run (Docs/installing.md, Docs/security.md).
@Suite(.timeLimit(.minutes(10))) struct CompletionEndToEndTests {
    /// A scenario file's name and what is typed before Tab; each is the only file in the folder
    /// when it is completed, and no built-in scenario starts that way.
    static let names: [(name: String, typed: String)] = [
        ("$(touch PWNED)", "\\$"), ("`touch PWNED`", "\\`"), ("$((1+1))", "\\$"), ("a b c", "a"),
        ("it's", "it"), ("say \"hi\"", "sa"), ("new\nline", "ne"), ("star*", "st"),
    ]

    static func installed(_ shell: String) -> Bool {
        ["/usr/bin/\(shell)", "/bin/\(shell)"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A home folder with the completion script where the shell's start-up file loads it.
    struct Home {
        let folder: URL
        var scenarios: URL { folder.appendingPathComponent("config/challenge-tui/scenarios") }
        var said: URL { folder.appendingPathComponent("said") }

        init(_ shell: String) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-completion-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("functions"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
            let (status, script) = try Spawn.run([BuiltProducts.path("challenge-tui"), "--completions", shell])
            guard status == 0 else { throw TmuxTerminal.Failure(description: "--completions \(shell): \(script)") }
            let said = folder.appendingPathComponent("said").path
            // The arguments go to a temporary file first, so the test never reads half of them.
            let record = "printf '%s\\0' \"$@\" > '\(said).tmp' && mv '\(said).tmp' '\(said)'"
            switch shell {
            case "bash":
                try script.write(to: folder.appendingPathComponent("completion.bash"), atomically: true, encoding: .utf8)
                try """
                    source '\(folder.path)/completion.bash'
                    PS1='ready> '
                    challenge-tui() { \(record); }
                    """.write(to: folder.appendingPathComponent(".bashrc"), atomically: true, encoding: .utf8)
            case "zsh":
                try script.write(to: folder.appendingPathComponent("functions/_challenge-tui"), atomically: true, encoding: .utf8)
                try """
                    fpath=('\(folder.path)/functions' $fpath)
                    autoload -Uz compinit && compinit -u -D
                    PS1='ready> '
                    challenge-tui() { \(record); }
                    """.write(to: folder.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
            default:
                try script.write(to: folder.appendingPathComponent("challenge-tui.fish"), atomically: true, encoding: .utf8)
                try """
                    source '\(folder.path)/challenge-tui.fish'
                    set -g fish_greeting
                    set -g fish_autosuggestion_enabled 0
                    function fish_prompt; echo -n 'ready> '; end
                    function challenge-tui; printf '%s\\0' $argv > '\(said).tmp'; and mv '\(said).tmp' '\(said)'; end
                    """.write(to: folder.appendingPathComponent("config.fish"), atomically: true, encoding: .utf8)
            }
        }

        func command(_ shell: String) -> [String] {
            switch shell {
            case "bash": ["bash", "--noprofile", "--rcfile", folder.appendingPathComponent(".bashrc").path, "-i"]
            case "zsh": ["zsh", "-d", "-i"]
            default: ["fish", "--no-config", "-i", "-C", "source '\(folder.path)/config.fish'"]
            }
        }

        func environment(_ shell: String) -> [String: String] {
            var environment = [
                "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "TERM": "tmux-256color", "LANG": "C.UTF-8",
                "PATH": "/usr/bin:/bin",
            ]
            if shell == "zsh" { environment["ZDOTDIR"] = folder.path }
            return environment
        }
    }

    /// For each name: the folder holds only that file; the test types the start of the line,
    /// Tab, then Enter, and reads the arguments the line gave `challenge-tui`.
    func completeEachName(in shell: String) async throws {
        let home = try Home(shell)
        defer { try? FileManager.default.removeItem(at: home.folder) }
        let terminal = try TmuxTerminal(home.command(shell), width: 120, height: 30, environment: home.environment(shell))
        for (name, typed) in Self.names {
            for file in try FileManager.default.contentsOfDirectory(atPath: home.scenarios.path) {
                try FileManager.default.removeItem(at: home.scenarios.appendingPathComponent(file))
            }
            try Data("{}".utf8).write(to: home.scenarios.appendingPathComponent(name + ".json"))
            try? FileManager.default.removeItem(at: home.said)

            try await terminal.waitUntil("the prompt") { rows in
                rows.last { !$0.isEmpty }?.trimmingCharacters(in: .whitespaces) == "ready>"
            }
            let line = "challenge-tui --scenario " + typed
            try terminal.type(line)
            try terminal.send("Tab")
            // The completion has put something after what was typed.
            let completed = try await terminal.waitUntil("\(name.debugDescription) completed") { rows in
                rows.contains { row in
                    row.contains("ready> challenge-tui --scenario ") && !row.hasSuffix("ready> " + line) && !row.hasSuffix("ready> " + line + " ")
                }
            }
            try terminal.send("Enter")
            let arguments = try await said(home.said, terminal: terminal)
            #expect(arguments == ["--scenario", name], "\(shell) completed \(name.debugDescription) as: \(completed.filter { !$0.isEmpty }.joined(separator: "\n"))")
        }
        for folder in [terminal.directory, home.folder] {
            let pwned = folder.appendingPathComponent("PWNED").path
            #expect(!FileManager.default.fileExists(atPath: pwned), "\(shell) ran a name: \(pwned)")
        }
    }

    /// The arguments recorded by the `challenge-tui` function, once it has run.
    func said(_ file: URL, terminal: TmuxTerminal) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            if let data = try? Data(contentsOf: file) {
                var fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                if fields.last == "" { fields.removeLast() }
                return fields
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw TmuxTerminal.Failure(description: "the line never ran; the screen was:\n" + (try terminal.screen()).joined(separator: "\n"))
    }

    @Test func bashInsertsEachScenarioNameAsTheWordItIs() async throws {
        try await completeEachName(in: "bash")
    }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed here"))
    func zshInsertsEachScenarioNameAsTheWordItIs() async throws {
        try await completeEachName(in: "zsh")
    }

    @Test(.enabled(if: installed("fish"), "fish is not installed here"))
    func fishInsertsEachScenarioNameAsTheWordItIs() async throws {
        try await completeEachName(in: "fish")
    }
}

extension CompletionEndToEndTests {
    /// `--option=` then Tab completes the value in the same word, as `--option ` then Tab does
    /// in the next one (Docs/installing.md, "Shell completions").
    func completeAfterAnEqualsSign(in shell: String) async throws {
        let home = try Home(shell)
        defer { try? FileManager.default.removeItem(at: home.folder) }
        let terminal = try TmuxTerminal(home.command(shell), width: 120, height: 30, environment: home.environment(shell))
        for (typed, expected) in [("--challenge=na", "--challenge=navigation"), ("--scenario=login-d", "--scenario=login-down")] {
            try? FileManager.default.removeItem(at: home.said)
            try await terminal.waitUntil("the prompt") { rows in
                rows.last { !$0.isEmpty }?.trimmingCharacters(in: .whitespaces) == "ready>"
            }
            try terminal.type("challenge-tui " + typed)
            try terminal.send("Tab")
            try await terminal.waitUntil("\(typed) completed") { rows in rows.contains { $0.contains("ready> challenge-tui " + expected) } }
            try terminal.send("Enter")
            #expect(try await said(home.said, terminal: terminal) == [expected], "\(shell)")
        }
    }

    @Test func bashCompletesAValueAfterAnEqualsSign() async throws {
        try await completeAfterAnEqualsSign(in: "bash")
    }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed here"))
    func zshCompletesAValueAfterAnEqualsSign() async throws {
        try await completeAfterAnEqualsSign(in: "zsh")
    }

    @Test(.enabled(if: installed("fish"), "fish is not installed here"))
    func fishCompletesAValueAfterAnEqualsSign() async throws {
        try await completeAfterAnEqualsSign(in: "fish")
    }
}
