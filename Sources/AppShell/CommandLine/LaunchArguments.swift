/// Parses `challenge-tui`'s arguments by hand (no outside packages exist here). Every flag is
/// validated before the terminal is touched; the first problem is reported as a `UsageError`.
public enum LaunchArguments {
    public static let usage = """
        usage: challenge-tui [--challenge \(Challenge.all.map(\.id.rawValue).joined(separator: "|"))] [--backend mock|http]
                             [--server URL] [--articles-url URL] [--data-dir DIR] [--config FILE]
                             [--scenario NAME] [--reset] [--no-color] [--no-mouse] [--log FILE]
                             [--help] [--version]

          --challenge NAME   open a challenge directly (leaving it returns to the launcher)
          --backend KIND     mock (default: embedded, needs nothing) or http (a real server)
          --server URL       the HTTP backend's base URL (default http://127.0.0.1:3000)
          --articles-url URL the full articles URL for the HTTP backend (default <server>/articles)
          --data-dir DIR     where encrypted data lives (default $CHALLENGE_TUI_DATA_DIR,
                             $XDG_DATA_HOME/challenge-tui or ~/.local/share/challenge-tui)
          --config FILE      a JSON file whose settings override the defaults (Config/default.json)
          --scenario NAME    the mock backend's scenario (Config/scenarios/NAME.json)
          --reset            forget the navigation flow's stored progress before starting
          --no-color         attributes only, no colours (as with NO_COLOR set)
          --no-mouse         no clicks or wheel: the terminal keeps its own text selection
                             (as with "mouse": false in the configuration)
          --log FILE         write one line per event to FILE (never secrets)
          --help             show this help and exit
          --version          show the version and exit
        """

    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchCommand {
        var options = LaunchOptions()
        var seen = Set<String>()
        var remaining = arguments[...]

        while let argument = remaining.popFirst() {
            // `--flag=value` and `--flag value` mean the same.
            let (flag, inlineValue) = split(argument)
            guard flag.hasPrefix("--") else {
                throw UsageError("unexpected argument '\(argument)'")
            }
            guard seen.insert(flag).inserted else { throw UsageError("\(flag) is given more than once") }

            func value() throws(UsageError) -> String {
                if let inlineValue {
                    guard !inlineValue.isEmpty else { throw UsageError("\(flag) needs a value") }
                    return inlineValue
                }
                guard let next = remaining.popFirst(), !next.hasPrefix("--"), !next.isEmpty else {
                    throw UsageError("\(flag) needs a value")
                }
                return next
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError("\(flag) takes no value") }
            }

            switch flag {
            case "--help": try noValue(); return .help
            case "--version": try noValue(); return .version
            case "--challenge":
                let name = try value()
                guard let challenge = Challenge.named(ChallengeID(rawValue: name)) else {
                    let names = Challenge.all.map(\.id.rawValue)
                    throw UsageError("unknown challenge '\(name)' (expected \(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""))")
                }
                options.challenge = challenge.id
            case "--backend":
                let name = try value()
                guard let backend = BackendKind(rawValue: name) else {
                    throw UsageError("unknown backend '\(name)' (expected mock or http)")
                }
                options.backend = backend
            case "--server": options.serverURL = try httpURL(value(), flag: flag)
            case "--articles-url": options.articlesURL = try httpURL(value(), flag: flag)
            case "--data-dir": options.dataDirectory = try value()
            case "--config": options.configFile = try value()
            case "--scenario":
                let name = try value()
                guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                    throw UsageError("scenario names are letters, digits, - and _ (got '\(name)')")
                }
                options.scenario = name
            case "--reset": try noValue(); options.reset = true
            case "--no-color": try noValue(); options.noColor = true
            case "--no-mouse": try noValue(); options.noMouse = true
            case "--log": options.logFile = try value()
            default: throw UsageError("unknown option \(flag)")
            }
        }

        // Flags that would silently change nothing are mistakes worth pointing out.
        if options.backend == .mock {
            for flag in ["--server", "--articles-url"] where seen.contains(flag) {
                throw UsageError("\(flag) is only used with --backend http")
            }
        } else if seen.contains("--scenario") {
            throw UsageError("--scenario is only used with --backend mock")
        }
        return .run(options)
    }

    private static func split(_ argument: String) -> (flag: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Accepts `http://host[:port][/path]` and `https://…`; the rest is for libcurl to judge.
    private static func httpURL(_ text: String, flag: String) throws(UsageError) -> String {
        let lower = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else {
            throw UsageError("\(flag) needs an http:// or https:// URL (got '\(text)')")
        }
        let authority = text.dropFirst(scheme.count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // `[::1]:3000` keeps its colons inside the brackets.
        let hostEnd = authority.hasPrefix("[")
            ? authority.firstIndex(of: "]").map { authority.index(after: $0) } ?? authority.endIndex
            : authority.firstIndex(of: ":") ?? authority.endIndex
        let host = authority[..<hostEnd]
        guard !host.isEmpty, host != "[]", !text.contains(" ") else {
            throw UsageError("\(flag) needs a URL with a host (got '\(text)')")
        }
        let afterHost = authority[hostEnd...]
        if !afterHost.isEmpty {
            guard afterHost.first == ":", let port = Int(afterHost.dropFirst()), (1...65535).contains(port) else {
                throw UsageError("\(flag) has a bad port in '\(text)'")
            }
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
