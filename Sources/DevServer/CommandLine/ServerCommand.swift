import Contract
import Foundation
import Glibc

/// What the command line asks for.
public enum ServerCommand: Sendable, Equatable {
    case serve(DevServerConfiguration)
    case help
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
    /// variables it reads. Pure: nothing is read or opened here; `ServerMain` loads
    /// `--articles-file`. The command line wins over the environment.
    public static func parse(_ arguments: [String], articlesJSON: Data = SampleArticles.json(),
                             environment: [String: String] = [:]) -> Result<ServerCommand, UsageError> {
        var configuration = DevServerConfiguration(articlesJSON: articlesJSON)
        for (variable, name) in [(secretVariable, "JWT secret"), (passwordVariable, "password")] {
            guard let value = environment[variable] else { continue }
            guard !value.isEmpty else { return .failure(UsageError(message: "\(variable) is set but empty; unset it or give a \(name)")) }
            if variable == secretVariable { configuration.jwtSecret = value } else { configuration.password = value }
        }
        var positionals: [String] = []
        var printToken = false
        var localImages = false
        var index = 0

        func fail(_ message: String) -> Result<ServerCommand, UsageError> { .failure(UsageError(message: message)) }

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") || argument == "-h" else {
                positionals.append(argument)
                continue
            }
            // --name=value or --name value
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--help", "-h":
                return .success(.help)
            case "--print-token":
                printToken = true
                continue
            case "--local-images":
                guard inlineValue == nil else { return fail("--local-images takes no value") }
                localImages = true
                continue
            default:
                break
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else if Self.valueOptions.contains(name) {
                return fail("\(name) needs a value")
            } else {
                return fail("unknown option \(name)")
            }
            switch name {
            case "--host":
                guard Self.isIPv4(value) else { return fail("--host \(value): not an IPv4 address (e.g. 127.0.0.1 or 0.0.0.0)") }
                configuration.host = value
            case "--port":
                guard let port = UInt16(value) else { return fail("--port \(value): not a port number (0–65535; 0 picks a free one)") }
                configuration.port = port
            case "--event-loops":
                guard let count = Int(value), (1...64).contains(count) else { return fail("--event-loops \(value): not a count from 1 to 64") }
                configuration.eventLoops = count
            case "--seed":
                guard let seed = UInt64(value) else { return fail("--seed \(value): not a non-negative integer") }
                configuration.seed = seed
            case "--experiment":
                guard let experiment = Experiment(rawValue: value) else {
                    return fail("--experiment \(value): must be one of \(Experiment.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                configuration.experiment = experiment
            case "--articles-file":
                guard !value.isEmpty else { return fail("--articles-file needs a file name") }
                configuration.articlesFile = value
            case "--articles-delay", "--profile-delay":
                guard let seconds = Self.seconds(value) else { return fail("\(name) \(value): not a number of seconds (0 or more)") }
                if name == "--articles-delay" { configuration.articlesDelay = seconds } else { configuration.profileDelay = seconds }
            case "--articles-fail", "--profile-fail":
                guard let count = Int(value), count >= 0 else { return fail("\(name) \(value): not a count (0 or more)") }
                if name == "--articles-fail" { configuration.articlesFail = count } else { configuration.profileFail = count }
            case "--password":
                guard !value.isEmpty else { return fail("--password must not be empty") }
                configuration.password = value
            case "--jwt-secret":
                guard !value.isEmpty else { return fail("--jwt-secret must not be empty") }
                configuration.jwtSecret = value
            default:
                return fail("unknown option \(name)")
            }
        }

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

    private static let valueOptions: Set<String> = [
        "--host", "--port", "--event-loops", "--seed", "--experiment", "--articles-file", "--articles-delay", "--articles-fail",
        "--profile-delay", "--profile-fail", "--password", "--jwt-secret",
    ]

    private static func seconds(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else { return nil }
        return value
    }

    static func isIPv4(_ text: String) -> Bool {
        var address = in_addr()
        return text == "localhost" || inet_pton(AF_INET, text, &address) == 1
    }
}
