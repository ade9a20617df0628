@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

@Suite(.timeLimit(.minutes(10))) struct LaunchArgumentsTests {
    private func options(_ arguments: [String]) throws -> LaunchOptions {
        let command = try LaunchArguments.parse(arguments)
        guard case .run(let options) = command else {
            Issue.record("expected .run, got \(command)")
            return LaunchOptions()
        }
        return options
    }

    private func error(_ arguments: [String]) -> String? {
        do {
            _ = try LaunchArguments.parse(arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func noArgumentsRunsTheLauncherOnTheMockBackend() throws {
        let options = try options([])
        #expect(options == LaunchOptions())
        // The shortcut for no arguments answers what parsing them by the whole command line does.
        #expect(try LaunchArguments.parse([], challenges: Challenge.all, interface: LaunchInterface.interface) == .run(options))
        #expect(options.backend == .mock)
        #expect(options.challenge == nil)
    }

    @Test func everyFlagIsParsed() throws {
        let http = try options([
            "--challenge", "articles", "--backend=http", "--server", "http://localhost:3000/",
            "--articles-url", "https://example.test/v3/abc", "--data-dir", "/tmp/d",
            "--config", "c.json", "--reset", "--no-color", "--log", "/tmp/log",
        ])
        #expect(http.challenge == .articles)
        #expect(http.backend == .http)
        #expect(http.serverURL == "http://localhost:3000")
        #expect(http.challengeOptions["--articles-url"] == "https://example.test/v3/abc")
        #expect(http.dataDirectory == "/tmp/d")
        #expect(http.configFile == "c.json")
        #expect(http.reset && http.noColor)
        #expect(http.logFile == "/tmp/log")

        let mock = try options(["--scenario=login-down", "--challenge=navigation"])
        #expect(mock.scenario == "login-down")
        #expect(mock.challenge == .navigation)
        #expect(try options(["--backend", "http", "--server", "http://[::1]:3000"]).serverURL == "http://[::1]:3000")
    }

    @Test func helpAndVersionWin() throws {
        #expect(try LaunchArguments.parse(["--help"]) == .help)
        #expect(try LaunchArguments.parse(["-h"]) == .help, "as challenge-server's")
        #expect(try LaunchArguments.parse(["--scenario", "slow", "-h"]) == .help)
        #expect(LaunchArguments.usage.contains("-h, --help") || LaunchArguments.usage.contains("--help, -h"))
        #expect(try LaunchArguments.parse(["--reset", "--version"]) == .version)
        #expect(LaunchArguments.usage.contains("--challenge navigation|articles|profile"))
        #expect(try LaunchArguments.parse(["--completions", "zsh", "--frobnicate"]) == .completions(.zsh))
        #expect(try LaunchArguments.parse(["--completions=fish"]) == .completions(.fish))
    }

    @Test func theHelpNamesEveryBuiltInScenario() {
        for name in ["default", "flaky", "happy", "login-down", "offline", "server-errors", "slow"] {
            #expect(LaunchArguments.usage.contains(name), "\(name)")
        }
    }

    /// `user:password@` in an address is named for what it is, not as a bad port, and the
    /// message never repeats the address, so never the password (Docs/configuration.md).
    @Test(arguments: ["--server", "--articles-url"])
    func credentialsInAnAddressAreRefusedWithoutRepeatingThem(flag: String) {
        for url in ["http://admin:hunter2@127.0.0.1:3801", "https://admin:hunter2@example.com/articles", "http://:hunter2@h", "http://admin@h:3000/"] {
            let message = error(["--backend", "http", flag, url])
            #expect(message == "\(flag): user names and passwords in the address are not supported", "\(url)")
            #expect(!(message ?? "").contains("hunter2") && !(message ?? "").contains("admin"))
        }
        // An @ further on is the path's or the query's, not credentials.
        #expect(error(["--backend", "http", flag, "http://127.0.0.1:3801/a@b?c=@"]) == nil)
    }

    @Test(arguments: [
        (["--challenge", "chess"], #"unknown challenge "chess" (expected navigation, articles or profile)"#),
        (["--challenge"], "--challenge needs a value"),
        (["--challenge", "--reset"], "--challenge needs a value"),
        (["--challenge="], "--challenge needs a value"),
        (["--backend", "grpc"], #"unknown backend "grpc" (expected mock or http)"#),
        (["--frobnicate"], "unknown option --frobnicate"),
        (["navigation"], #"unexpected argument "navigation""#),
        (["-x"], #"unexpected argument "-x""#),
        (["--reset", "--reset"], "--reset is given more than once"),
        (["--reset=yes"], "--reset takes no value"),
        (["--help=1"], "--help takes no value"),
        (["--backend", "http", "--server", "ftp://x"], #"--server needs an http:// or https:// URL (got "ftp://x")"#),
        (["--backend", "http", "--server", "http://"], #"--server needs a URL with a host (got "http://")"#),
        (["--backend", "http", "--server", "http://h:99999"], #"--server has a bad port in "http://h:99999""#),
        (["--backend", "http", "--server", "http://h:x/"], #"--server has a bad port in "http://h:x/""#),
        (["--server", "http://h"], "--server is only used with --backend http"),
        (["--articles-url", "http://h/a"], "--articles-url is only used with --backend http"),
        (["--backend", "http", "--scenario", "happy"], "--scenario is only used with --backend mock"),
        (["--scenario", "../etc"], #"scenario names are letters, digits, - and _ (got "../etc")"#),
        (["--completions", "tcsh"], #"unknown shell "tcsh" (expected bash, zsh or fish)"#),
        (["--completions"], "--completions needs a value"),
    ])
    func badArgumentsAreExplained(arguments: [String], message: String) {
        #expect(error(arguments) == message)
    }
}
