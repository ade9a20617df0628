import CommandLineKit
import Contract
import Core
import CoreTesting
import Foundation
import Testing
@testable import DevServer

@Suite(.timeLimit(.minutes(10))) struct CommandLineTests {
    func configuration(_ arguments: [String]) throws -> DevServerConfiguration {
        guard case .success(.serve(let configuration)) = ServerCommand.parse(arguments) else {
            throw ClientError(description: "\(arguments) did not parse to serve")
        }
        return configuration
    }

    func error(_ arguments: [String]) -> String? {
        if case .failure(let error) = ServerCommand.parse(arguments) { return error.message }
        return nil
    }

    @Test func noArgumentsGiveTheDocumentedDefaults() throws {
        let defaults = try configuration([])
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.port == 3000)
        #expect(defaults.seed == nil)
        #expect(defaults.login == NavigationOverride())
        #expect(defaults.randomDelay == 1...15)
        #expect(defaults.password == "password123")
        #expect(defaults.jwtSecret == "challenge-tui-dev-secret")
        #expect(defaults.articlesDelay == 0 && defaults.articlesFail == 0 && defaults.profileDelay == 0 && defaults.profileFail == 0)
        #expect(defaults.effectiveShutdownGrace == 20)
    }

    @Test func everyPrefixOfTheOverridesParses() throws {
        let full = ["3", "false", "15", "true", "4", "false"]
        let expected = [NavigationOverride(delay: 3, succeeds: false), NavigationOverride(delay: 15, succeeds: true), NavigationOverride(delay: 4, succeeds: false)]
        for length in 0...6 {
            let parsed = try configuration(Array(full.prefix(length)))
            let overrides = [parsed.login, parsed.fetchExperiments, parsed.submitSelection]
            for (index, override) in overrides.enumerated() {
                let delayGiven = length > index * 2
                let successGiven = length > index * 2 + 1
                #expect(override.delay == (delayGiven ? expected[index].delay : nil))
                #expect(override.succeeds == (successGiven ? expected[index].succeeds : nil))
            }
        }
        #expect(try configuration(["0.5"]).login.delay == 0.5)
    }

    @Test func badOverridesAreErrorsNamingThePosition() {
        #expect(error(["x"]) == "X = x: the rLogin delay must be a number of seconds (0 or more)")
        #expect(error(["3", "yes"]) == "Y = yes: the rLogin success must be true or false")
        #expect(error(["3", "true", "-1"]) == "U = -1: the rFetchExperiments delay must be a number of seconds (0 or more)")
        #expect(error(["3", "true", "1", "TRUE"]) == "V = TRUE: the rFetchExperiments success must be true or false")
        #expect(error(["1", "true", "1", "true", "nan"])?.hasPrefix("A = nan") == true)
        #expect(error(["1", "true", "1", "true", "1", "0"])?.hasPrefix("B = 0") == true)
        #expect(error(["1", "true", "1", "true", "1", "true", "7"])?.contains("too many positional") == true)
    }

    @Test func optionsParseInBothSpellings() throws {
        let parsed = try configuration([
            "--host", "0.0.0.0", "--port=0", "--seed", "42", "--experiment", "screenB2",
            "--articles-file", "a.json", "--articles-delay", "1.5", "--articles-fail=3",
            "--profile-delay", "2", "--profile-fail", "1", "--password", "pw", "--jwt-secret", "s", "10", "true",
        ])
        #expect(parsed.host == "0.0.0.0")
        #expect(parsed.port == 0)
        #expect(parsed.seed == 42)
        #expect(parsed.experiment == .screenB2)
        #expect(parsed.articlesFile == "a.json")
        #expect(parsed.articlesDelay == 1.5)
        #expect(parsed.articlesFail == 3)
        #expect(parsed.profileDelay == 2)
        #expect(parsed.profileFail == 1)
        #expect(parsed.password == "pw")
        #expect(parsed.jwtSecret == "s")
        #expect(parsed.login == NavigationOverride(delay: 10, succeeds: true))
        #expect(try configuration(["--host", "localhost"]).host == "localhost")
        #expect(try configuration(["--event-loops", "3"]).eventLoops == 3)
        #expect(try configuration([]).eventLoops == nil)
    }

    @Test(arguments: [
        (["--port", "70000"], #"--port "70000""#),
        (["--port"], "--port needs a value"),
        (["--host", "example.com"], #"--host "example.com""#),
        (["--seed", "-1"], #"--seed "-1""#),
        (["--experiment", "screenB4"], #"--experiment "screenB4""#),
        (["--articles-file="], "--articles-file needs a value"),
        (["--articles-delay", "soon"], #"--articles-delay "soon""#),
        (["--profile-delay", "-2"], #"--profile-delay "-2""#),
        (["--articles-fail", "-1"], #"--articles-fail "-1""#),
        (["--profile-fail", "x"], #"--profile-fail "x""#),
        (["--password", ""], "--password needs a value"),
        (["--jwt-secret="], "--jwt-secret needs a value"),
        (["--event-loops", "0"], #"--event-loops "0": not a count from 1 to 64"#),
        (["--verbose"], "unknown option --verbose"),
        (["--verbose", "1"], "unknown option --verbose"),
    ])
    func badOptionsAreErrors(arguments: [String], prefix: String) {
        #expect(error(arguments)?.hasPrefix(prefix) == true, "\(String(describing: error(arguments)))")
    }

    @Test func localImagesIsAFlagTheBuiltInSampleAlwaysHas() throws {
        #expect(try configuration([]).localImages)
        #expect(try configuration(["--local-images"]).localImages)
        #expect(try !configuration(["--articles-file", "a.json"]).localImages)
        #expect(try configuration(["--articles-file", "a.json", "--local-images"]).localImages)
        #expect(try configuration(["--local-images", "--articles-file=a.json", "3"]).login.delay == 3)
        #expect(error(["--local-images=yes"]) == "--local-images takes no value")
    }

    @Test func helpAndPrintToken() {
        #expect(ServerCommand.parse(["3", "--help"]) == .success(.help))
        #expect(ServerCommand.parse(["-h"]) == .success(.help))
        #expect(ServerCommand.parse(["--print-token"]) == .success(.printToken(secret: DevToken.defaultSecret)))
        #expect(ServerCommand.parse(["--print-token", "--jwt-secret", "x"]) == .success(.printToken(secret: "x")))
    }

    @Test func helpDocumentsEveryOptionAndTheSeedExample() {
        for option in ["--host", "--port", "--event-loops", "--seed", "--experiment", "--articles-file", "--articles-delay", "--articles-fail",
                       "--profile-delay", "--profile-fail", "--password", "--jwt-secret", "--print-token", "--help", "--local-images",
                       "challenge-server 3 false 15 true 4 false", "password123", "challenge-tui-dev-secret"] {
            #expect(Usage.text.contains(option), "\(option)")
        }
    }

    @Test func graceCoversTheLongestConfiguredDelay() throws {
        #expect(try configuration(["30"]).effectiveShutdownGrace == 35)
        #expect(try configuration(["--articles-delay", "40"]).effectiveShutdownGrace == 45)
        var fixed = DevServerConfiguration()
        fixed.shutdownGrace = 1
        #expect(fixed.effectiveShutdownGrace == 1)
    }

    // MARK: ServerMain

    func plan(_ arguments: [String], articles: Data = testArticlesJSON, files: [String: String] = [:]) -> ServerMain.Plan {
        ServerMain.plan(arguments: arguments, articlesJSON: articles) { path in
            guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
            return Data(text.utf8)
        }
    }

    @Test func versionAndCompletionsExit0OnStandardOutput() {
        #expect(ServerCommand.parse(["--version"]) == .success(.version))
        #expect(ServerCommand.parse(["3", "--version", "--frobnicate"]) == .success(.version))
        #expect(plan(["--version"]) == .exit(status: 0, standardOutput: "challenge-server \(ProgramVersion.current)\n", standardError: ""))
        for shell in CompletionShell.allCases {
            #expect(ServerCommand.parse(["--completions", shell.rawValue]) == .success(.completions(shell)))
            // The same script maker as challenge-tui's, fed this command's declarations.
            let script = CompletionScript.render(ServerInterface.interface, for: shell)
            #expect(plan(["--completions=\(shell.rawValue)"]) == .exit(status: 0, standardOutput: script, standardError: ""))
            for option in ServerInterface.interface.options {
                let spelled = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                #expect(script.contains(spelled), "\(shell): \(option.name)")
            }
            #expect(script.contains("challenge-server") && !script.contains("challenge-tui"), "\(shell)")
        }
        #expect(error(["--completions", "tcsh"])?.contains("tcsh") == true)
    }

    /// bash's completion function, run for real on the script `--completions bash` prints.
    @Test func bashCompletesTheServersOptionsAndChoices() throws {
        func complete(_ line: [String]) throws -> [String] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-completion-\(UUID())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let script = folder.appendingPathComponent("completion.bash")
            try CompletionScript.render(ServerInterface.interface, for: .bash).write(to: script, atomically: true, encoding: .utf8)
            let driver = """
                source '\(script.path)'
                COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
                _challenge_server challenge-server "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["--norc", "--noprofile", "-c", driver, "bash"] + line
            process.environment = ["HOME": folder.path, "PATH": "/usr/bin:/bin"]
            process.currentDirectoryURL = folder
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["challenge-server", "--exp"]) == ["--experiment"])
        #expect(try complete(["challenge-server", "--experiment", ""]).sorted() == ["noScreenB", "screenB1", "screenB2", "screenB3"])
        #expect(try complete(["challenge-server", "--completions", ""]).sorted() == ["bash", "fish", "zsh"])
        #expect(try Set(complete(["challenge-server", "--"])) == Set(ServerInterface.interface.options.map(\.name)))
    }

    @Test func badArgumentsExit2WithMessageAndUsageOnStandardError() {
        guard case .exit(2, "", let standardError) = plan(["3", "maybe"]) else { Issue.record("not exit 2"); return }
        #expect(standardError.hasPrefix("challenge-server: Y = maybe"))
        #expect(standardError.contains("usage: challenge-server [X Y U V A B] [options]"))
    }

    @Test func helpAndPrintTokenExit0OnStandardOutput() {
        #expect(plan(["--help"]) == .exit(status: 0, standardOutput: Usage.text + "\n", standardError: ""))
        #expect(plan(["--print-token"]) == .exit(status: 0, standardOutput: DevToken.default + "\n", standardError: ""))
    }

    @Test func articlesFileIsLoadedAndValidatedAtStart() throws {
        let good = String(decoding: testArticlesJSON, as: UTF8.self)
        guard case .serve(let configuration) = plan(["--articles-file", "good.json"], articles: Data("[]".utf8), files: ["good.json": good]) else {
            Issue.record("a valid file serves"); return
        }
        #expect(configuration.articlesJSON == testArticlesJSON)

        guard case .exit(2, _, let invalid) = plan(["--articles-file", "bad.json"], files: ["bad.json": #"[{"id":1}]"#]) else {
            Issue.record("an invalid file exits 2"); return
        }
        #expect(invalid == "challenge-server: --articles-file \"bad.json\": article at index 0 (id 1): \"title\" is missing or not a string\n")

        guard case .exit(2, _, let missing) = plan(["--articles-file", "nowhere.json"]) else {
            Issue.record("a missing file exits 2"); return
        }
        #expect(missing.hasPrefix("challenge-server: --articles-file \"nowhere.json\": cannot read it"))
    }

    /// Read as every file is (`BoundedFileReader`): what is not a regular file is named as what it
    /// is, at once, where Foundation's reading called a FIFO and /dev/zero a matter of permission.
    @Test func anArticlesFileThatIsNotARegularFileIsRefusedByWhatItIs() throws {
        let folder = TemporaryDirectory()
        let fifo = folder.file("articles.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a FIFO (named pipe)"), ("/dev/zero", "a character device"), (folder.path, "a folder")] {
            let plan = ServerMain.plan(arguments: ["--articles-file", path], articlesJSON: testArticlesJSON, readFile: ServerMain.readFile)
            #expect(plan == .exit(status: 2, standardOutput: "", standardError:
                "challenge-server: --articles-file \(path.quoted(200)): cannot read it (it is \(kind), not a regular file)\n"))
        }
        let good = folder.file("good.json")
        try testArticlesJSON.write(to: URL(fileURLWithPath: good))
        guard case .serve(let configuration) = ServerMain.plan(
            arguments: ["--articles-file", good], articlesJSON: Data("[]".utf8), readFile: ServerMain.readFile)
        else { Issue.record("a regular file serves"); return }
        #expect(configuration.articlesJSON == testArticlesJSON)
    }

    @Test func theBuiltInSampleIsValidatedToo() {
        guard case .exit(2, _, let message) = plan([], articles: Data("{}".utf8)) else { Issue.record("invalid sample exits 2"); return }
        #expect(message == "challenge-server: the built-in sample articles: not a JSON array\n")
        guard case .serve(let configuration) = plan([]) else { Issue.record("valid sample serves"); return }
        #expect(configuration.articlesJSON == testArticlesJSON)
    }

    @Test func startBannerNamesAddressSeedAndAMissingSample() {
        var configuration = DevServerConfiguration(articlesJSON: testArticlesJSON)
        #expect(ServerMain.startBanner(configuration, port: 4000, seed: 9) == "challenge-server listening on http://127.0.0.1:4000 (seed 9)\n")
        configuration.articlesJSON = Data("[]".utf8)
        #expect(ServerMain.startBanner(configuration, port: 4000, seed: 9).contains("no sample articles"))
    }
}
