import Core
import FoundationEssentials
import Glibc
import ShippedConfiguration

/// The named scenarios: those compiled in from `Config/scenarios` (`BuiltInConfiguration`), and
/// the user's files in `$XDG_CONFIG_HOME/challenge-tui/scenarios`, which win over a built-in one
/// of the same name (Docs/configuration.md, "Where settings come from").
public struct ScenarioLibrary: Sendable {
    /// The user's scenario folder; `nil`: only the built-in scenarios.
    public let directory: String?
    /// Scenario texts by name.
    public let builtIn: [String: String]
    /// Whose endpoints and keys a scenario may configure.
    package let challenges: [Challenge]

    public init(directory: String?, builtIn: [String: String] = BuiltInConfiguration.scenarios, challenges: [Challenge]) {
        self.directory = directory
        self.builtIn = builtIn
        self.challenges = challenges
    }

    /// The built-in scenarios and the user's folder named by `environment`.
    public init(environment: [String: String], challenges: [Challenge]) {
        self.init(directory: AppPaths.userScenarioDirectory(environment: environment), challenges: challenges)
    }

    /// Scenario names, sorted; `default` always among them.
    public func names() -> [String] {
        var names: Set<String> = [Scenario.defaultName]
        names.formUnion(builtIn.keys)
        if let directory, let files = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for file in files where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                if Self.isValidName(name) { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// The scenario called `name`: the user's file, else the built-in text, else the built-in
    /// default when `name` is `default`.
    public func load(_ name: String) throws(ConfigurationError) -> Scenario {
        guard Self.isValidName(name) else {
            throw ConfigurationError(file: "--scenario", keyPath: "", problem: "\(name.quoted()) is not a scenario name (letters, digits, - and _)")
        }
        let file = directory.map { AppPaths.join($0, "\(name).json") }
        if let file, access(file, F_OK) == 0 {
            return try Scenario.decode(try ConfigurationFile.read(file), name: name, file: file, challenges: challenges)
        }
        if let text = builtIn[name] {
            return try Scenario.decode(Data(text.utf8), name: name, file: "built-in scenario \(name)", challenges: challenges)
        }
        if name == Scenario.defaultName { return .builtInDefault(for: challenges) }
        throw ConfigurationError(
            file: file ?? "--scenario", keyPath: "",
            problem: "no scenario named \(name.quoted()) (available: \(names().joined(separator: ", ")))")
    }

    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 100 && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }
}
