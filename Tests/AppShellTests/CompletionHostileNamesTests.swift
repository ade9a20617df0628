@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
@testable import CommandLineKit
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import ShippedConfiguration
import Testing

/// A scenario file's name is the user's text, not code: each shell's completion offers it as one
/// word, exactly as it is, and never runs what is in it (Docs/installing.md, Docs/security.md).
/// Each test runs the real shell on the generated script, with a config folder holding names
/// that a careless script would expand, split or glob.
@Suite(.timeLimit(.minutes(10))) struct CompletionHostileNamesTests {
    /// Names of scenario files (without `.json`) that must come back as they are.
    static let hostileNames = ["$(touch PWNED)", "`touch PWNED`", "$((1+1))", "a b c", "it's", "say \"hi\"", "new\nline", "star*"]

    static let builtIns = BuiltInConfiguration.scenarios.keys.sorted()

    /// A config home whose scenario folder holds the hostile names, a folder named like a
    /// scenario file and a file that is not one (neither is offered).
    static func hostileConfigHome() throws -> TemporaryDirectory {
        let home = TemporaryDirectory()
        let scenarios = home.file("challenge-tui/scenarios")
        try FileManager.default.createDirectory(atPath: scenarios + "/folder.json", withIntermediateDirectories: true)
        for name in hostileNames + ["notes"] {
            let file = scenarios + "/" + name + (name == "notes" ? ".txt" : ".json")
            guard FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)) else {
                throw CompletionShells.Failure(description: "could not create \(file.debugDescription)")
            }
        }
        return home
    }

    /// Where a name that was run would have left its mark.
    static func pwned(_ folders: TemporaryDirectory...) -> [String] {
        folders.map { $0.file("PWNED") }.filter { FileManager.default.fileExists(atPath: $0) }
    }

    // MARK: bash

    /// Calls bash's completion function as bash does for `challenge-tui --scenario WORD`, where
    /// `text` is the part of WORD readline replaces (after a quote the user opened), then puts
    /// each reply on the line as readline does (WORD up to `text`, the reply, the opened quote
    /// closed) and returns the words bash makes of each (`eval "words=( … )"`): one word, the
    /// file's name, for a reply quoted right.
    static func bash(_ word: String, text: String, configHome: String, runIn directory: String) throws -> [[String]] {
        let bash = try #require(CompletionShells.path("bash"))
        let script = try CompletionShells.writeScript(.bash, into: directory, as: "completion.bash")
        let driver = #"""
            source "$SCRIPT"
            COMP_WORDS=(challenge-tui --scenario "$1"); COMP_CWORD=2
            _challenge_tui challenge-tui "$2" --scenario
            before="${1:0:${#1}-${#2}}" closer=""
            case "$before" in *\'|*\") closer="${before: -1}" ;; esac
            for reply in "${COMPREPLY[@]}"; do
                eval "words=( $before$reply$closer )"
                printf '%s\0' "${#words[@]}" "${words[@]}"
            done
            """#
        let output = try CompletionShells.run(
            bash, ["--norc", "--noprofile", "-c", driver, "bash", word, text], in: directory,
            environment: ["SCRIPT": script, "XDG_CONFIG_HOME": configHome, "HOME": directory, "PATH": "/usr/bin:/bin"])
        return CompletionShells.wordsPerMatch(output)
    }

    @Test func bashOffersEachScenarioFileAsOneQuotedWordAndRunsNone() async throws {
        let home = try Self.hostileConfigHome()
        let here = TemporaryDirectory()
        let (homePath, herePath) = (home.path, here.path)
        func complete(_ word: String, text: String? = nil) async throws -> [[String]] {
            try await offThePool { try Self.bash(word, text: text ?? word, configHome: homePath, runIn: herePath) }
        }
        let everyName = (Self.builtIns + Self.hostileNames).sorted()

        // Outside quotes, inside single quotes, inside double quotes.
        for (word, text) in [("", ""), ("'", ""), ("\"", "")] {
            let all = try await complete(word, text: text)
            #expect(all.allSatisfy { $0.count == 1 }, "after \(word.debugDescription) each reply is one word: \(all)")
            #expect(all.flatMap { $0 }.sorted() == everyName, "after \(word.debugDescription)")
        }
        // The typed prefix is matched as text, its backslashes taken as escapes.
        #expect(try await complete("a") == [["a b c"]])
        #expect(try await complete("it\\'") == [["it's"]])
        #expect(try await complete("'it", text: "it") == [["it's"]])
        #expect(try await complete("\"sa", text: "sa") == [["say \"hi\""]])
        #expect(try await complete("\\$").sorted { $0[0] < $1[0] } == [["$((1+1))"], ["$(touch PWNED)"]])
        #expect(try await complete("st") == [["star*"]])
        #expect(try await complete("*") == [])
        #expect(Self.pwned(home, here) == [])
    }

    // MARK: zsh

    /// Types `line` and Tab into an interactive zsh on a pseudo-terminal (zsh/zpty) with the
    /// completion system on and the generated `_challenge-tui` in `$fpath`. Every match the
    /// completion adds is recorded as zsh would insert it; afterwards the driver parses each as
    /// a command line does (`eval "words=( $match )"`) and prints the words it makes: one word,
    /// the file's name, for a match quoted right.
    static func zsh(_ line: String, configHome: String, runIn directory: String) throws -> [[String]] {
        let zsh = try #require(CompletionShells.path("zsh"))
        let functions = directory + "/functions"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try CompletionShells.writeScript(.zsh, into: directory, as: "functions/_challenge-tui")
        let matches = directory + "/matches"
        try? FileManager.default.removeItem(atPath: matches)
        let driver = directory + "/driver.zsh"
        try #"""
            zmodload zsh/zpty || exit 3
            zpty -b shell zsh -f -i
            zpty -w shell "PS1='ready> '; fpath=(${(q)FUNCTIONS} \$fpath); autoload -Uz compinit; compinit -u -D; print set-\$((1+1))"
            zpty -r shell out '*set-2*' || exit 4
            # compadd as the completion calls it, each match also appended to $MATCHES
            zpty -w shell 'compadd() {
              if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
              local -a added; builtin compadd -A added "$@"
              (( $#added )) && print -rn -- "${(pj:\0:)added}"$'"'\\0'"' >> $MATCHES
              builtin compadd "$@"
            }; print set-$((2+1))'
            zpty -r shell out '*set-3*' || exit 4
            zpty -r shell out '*ready> ' || exit 4
            zpty -n -w shell "$LINE"$'\t'
            zpty -w shell $'\x15print done-$((6*7))'
            zpty -r shell out '*done-42*' || exit 4
            zpty -d shell
            [[ -f $MATCHES ]] || exit 0
            for match in ${(ps:\0:)"$(<$MATCHES)"}; do
              local -a words; eval "words=( $match )"
              print -rn -- $#words$'\0'
              if (( $#words )); then print -rn -- "${(pj:\0:)words}"$'\0'; fi
            done
            """#.write(toFile: driver, atomically: true, encoding: .utf8)
        let output = try CompletionShells.run(
            zsh, ["-f", driver], in: directory,
            environment: [
                "FUNCTIONS": functions, "LINE": line, "MATCHES": matches, "XDG_CONFIG_HOME": configHome,
                "HOME": directory, "PATH": "/usr/bin:/bin", "TERM": "xterm",
            ])
        return CompletionShells.wordsPerMatch(output)
    }

    @Test(.enabled(if: CompletionShells.path("zsh") != nil, "zsh is not installed here"))
    func zshOffersEachScenarioFileAsOneQuotedWordAndRunsNone() async throws {
        let home = try Self.hostileConfigHome()
        let here = TemporaryDirectory()
        let (homePath, herePath) = (home.path, here.path)
        func complete(_ line: String) async throws -> [[String]] {
            try await offThePool { try Self.zsh(line, configHome: homePath, runIn: herePath) }
        }
        let all = try await complete("challenge-tui --scenario ")
        #expect(all.allSatisfy { $0.count == 1 }, "each match is one word: \(all)")
        #expect(all.flatMap { $0 }.sorted() == (Self.builtIns + Self.hostileNames).sorted())
        #expect(try await complete("challenge-tui --scenario a") == [["a b c"]])
        #expect(Self.pwned(home, here) == [])
    }

    // MARK: fish

    /// The candidates `complete -C` gives for `line`, each printed as `name<TAB>description`.
    static func fish(_ line: String, configHome: String, runIn directory: String) throws -> [String] {
        let fish = try #require(CompletionShells.path("fish"))
        let script = try CompletionShells.writeScript(.fish, into: directory, as: "challenge-tui.fish")
        let output = try CompletionShells.run(
            fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line], in: directory,
            environment: ["XDG_CONFIG_HOME": configHome, "HOME": directory, "PATH": "/usr/bin:/bin"])
        // A name may hold a line break, so entries are cut at the description that ends them.
        let scenario = try #require(LaunchInterface.interface.options.first { $0.name == "--scenario" })
        let ending = "\t" + CompletionScript.brief(scenario) + "\n"
        var entries = String(decoding: output, as: UTF8.self).components(separatedBy: ending)
        if entries.last == "" { entries.removeLast() }
        return entries
    }

    @Test(.enabled(if: CompletionShells.path("fish") != nil, "fish is not installed here"))
    func fishOffersEachScenarioFileAsOneWordAndRunsNone() async throws {
        let home = try Self.hostileConfigHome()
        let here = TemporaryDirectory()
        let (homePath, herePath) = (home.path, here.path)
        func complete(_ line: String) async throws -> [String] {
            try await offThePool { try Self.fish(line, configHome: homePath, runIn: herePath) }
        }
        #expect(try await complete("challenge-tui --scenario ").sorted() == (Self.builtIns + Self.hostileNames).sorted())
        #expect(try await complete("challenge-tui --scenario ne") == ["new\nline"])
        #expect(Self.pwned(home, here) == [])
    }
}
