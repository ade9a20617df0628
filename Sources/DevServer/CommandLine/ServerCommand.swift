import CommandLineKit
import Contract
import Core
import Foundation
import Glibc

/// What the command line asks for.
public enum ServerCommand: Sendable, Equatable {
    case serve(DevServerConfiguration)
    case help
    case version
    /// `--completions SHELL`: print challenge-tui's kind of completion script for this command.
    case completions(CompletionShell)
    /// `--print-token`: print the dev token for this secret and exit.
    case printToken(secret: String)

    /// A bad command line: the message says which argument and why.
    public struct UsageError: Error, Equatable, Sendable {
        public var message: String
    }

    /// The environment variables that stand in for `--jwt-secret` and `--password`, so neither
    /// secret has to appear on a command line (where `ps` shows it to everyone).
    public static let secretVariable = "CHALLENGE_SERVER_JWT_SECRET"
    public static let passwordVariable = "CHALLENGE_SERVER_PASSWORD"

    /// Parses `challenge-server`'s arguments (without the program name) and the environment
    /// variables it reads, by `ServerInterface`'s declarations. Pure: nothing is read or opened
    /// here; `ServerMain` loads `--articles-file`. The command line wins over the environment.
    public static func parse(_ arguments: [String], articlesJSON: Data = SampleArticles.json(),
                             environment: [String: String] = [:]) -> Result<ServerCommand, UsageError> {
        func fail(_ message: String) -> Result<ServerCommand, UsageError> { .failure(UsageError(message: message)) }
        let given: ParsedOptions
        do {
            given = try OptionParser.parse(arguments, by: ServerInterface.interface, environment: environment)
        } catch {
            return fail(error.message)
        }
        switch given.stoppedAt {
        case "--help": return .success(.help)
        case "--version": return .success(.version)
        case "--completions": return .success(.completions(CompletionShell(rawValue: given["--completions"] ?? "") ?? .bash))
        default: break
        }

        var configuration = DevServerConfiguration(articlesJSON: articlesJSON)
        let positionals = given.positionals
        let printToken = given.has("--print-token")
        let localImages = given.has("--local-images")
        /// Each option's value turned into what it means, or why it can't be.
        func read<Value>(_ name: String, _ reason: String, _ convert: (String) -> Value?) -> Result<Value?, UsageError> {
            guard let text = given[name] else { return .success(nil) }
            guard let value = convert(text) else { return .failure(UsageError(message: CommandLineError.invalid(name, text, reason).message)) }
            return .success(value)
        }
        do {
            if let host = try read("--host", "not an IPv4 address (e.g. 127.0.0.1 or 0.0.0.0)", { Self.isIPv4($0) ? $0 : nil }).get() {
                configuration.host = host
            }
            if let port = try read("--port", "not a port number (0–65535; 0 picks a free one)", { UInt16($0) }).get() {
                configuration.port = port
            }
            if let count = try read("--event-loops", "not a count from 1 to 64", { Int($0).flatMap { (1...64).contains($0) ? $0 : nil } }).get() {
                configuration.eventLoops = count
            }
            if let seed = try read("--seed", "not a non-negative integer", { UInt64($0) }).get() { configuration.seed = seed }
            let experiments = Experiment.allCases.map(\.rawValue).joined(separator: ", ")
            if let experiment = try read("--experiment", "must be one of \(experiments)", { Experiment(rawValue: $0) }).get() {
                configuration.experiment = experiment
            }
            configuration.articlesFile = given["--articles-file"]
            let seconds = "not a number of seconds (0 or more)", count = "not a count (0 or more)"
            if let delay = try read("--articles-delay", seconds, Self.seconds).get() { configuration.articlesDelay = delay }
            if let delay = try read("--profile-delay", seconds, Self.seconds).get() { configuration.profileDelay = delay }
            if let fails = try read("--articles-fail", count, { Int($0).flatMap { $0 >= 0 ? $0 : nil } }).get() { configuration.articlesFail = fails }
            if let fails = try read("--profile-fail", count, { Int($0).flatMap { $0 >= 0 ? $0 : nil } }).get() { configuration.profileFail = fails }
        } catch {
            return .failure(error)
        }
        if let password = given["--password"] { configuration.password = password }
        if let secret = given["--jwt-secret"] { configuration.jwtSecret = secret }

        if printToken { return .success(.printToken(secret: configuration.jwtSecret)) }

        // The built-in sample always shows this server's pictures; a captured payload keeps
        // its URLs unless asked (Docs/server.md, "Placeholder pictures").
        configuration.localImages = localImages || configuration.articlesFile == nil

        // Beyond loopback anyone could sign tokens with the published default secret.
        if !LoopbackHost.isLoopbackListenAddress(configuration.host), configuration.jwtSecret == DevToken.defaultSecret {
            return fail("--host \(configuration.host) lets other machines in, so the JWT secret must be your own: give --jwt-secret S or set \(secretVariable) (the default secret is public)")
        }

        // X Y U V A B: delay and success of rLogin, rFetchExperiments, rSubmitSelection; any prefix.
        guard positionals.count <= 6 else {
            return fail("too many positional arguments (\(positionals.count)); the overrides are X Y U V A B, at most 6")
        }
        let endpoints = NavigationEndpoint.allCases.map(\.rawValue)
        var overrides = [NavigationOverride(), NavigationOverride(), NavigationOverride()]
        for (position, text) in positionals.enumerated() {
            let endpoint = endpoints[position / 2]
            let letter = ["X", "Y", "U", "V", "A", "B"][position]
            if position.isMultiple(of: 2) {
                guard let seconds = Self.seconds(text) else {
                    return fail("\(letter) = \(text): the \(endpoint) delay must be a number of seconds (0 or more)")
                }
                overrides[position / 2].delay = seconds
            } else {
                guard text == "true" || text == "false" else {
                    return fail("\(letter) = \(text): the \(endpoint) success must be true or false")
                }
                overrides[position / 2].succeeds = text == "true"
            }
        }
        configuration.login = overrides[0]
        configuration.fetchExperiments = overrides[1]
        configuration.submitSelection = overrides[2]
        return .success(.serve(configuration))
    }

    private static func seconds(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else { return nil }
        return value
    }

    static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return text == "localhost" || inet_pton(AF_INET, text, &address) == 1
    }
}
