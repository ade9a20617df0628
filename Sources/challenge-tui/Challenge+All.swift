import AppShell
import ArticlesApp
import Core
import FoundationEssentials
import NavigationApp
import ProfileApp
import Recording
import ShippedConfiguration
import TUI

/// The challenges the launcher offers, in its order. Adding a challenge adds one line here (see
/// Docs/architecture.md, "Adding a challenge").
extension Challenge {
    public static let all: [Challenge] = [.navigation, .articles, .profile]
}

// What the shared code asks of a registration, for this program's: the shell and its readers
// take the challenges they know as an argument, and the program's list is named only here.

extension AppConfiguration {
    /// The built-in defaults of the program's challenges; `Config/default.json` holds the same.
    public static let defaults = defaults(for: Challenge.all)

    public static func load(from path: String, over base: AppConfiguration? = nil) throws(ConfigurationError) -> AppConfiguration {
        try load(from: path, over: base, challenges: Challenge.all)
    }

    public static func decode(_ data: Data, file: String, over base: AppConfiguration? = nil) throws(ConfigurationError) -> AppConfiguration {
        try decode(data, file: file, over: base, challenges: Challenge.all)
    }

    public init(json: JSONValue, file: String, over base: AppConfiguration? = nil) throws(ConfigurationError) {
        try self.init(json: json, file: file, over: base, challenges: Challenge.all)
    }

    /// Without the program's challenges' secrets.
    public func withoutSecrets() -> AppConfiguration { withoutSecrets(of: Challenge.all) }
}

extension Scenario {
    /// The program's built-in `default` scenario.
    public static let builtInDefault = builtInDefault(for: Challenge.all)

    public static func decode(_ data: Data, name: String, file: String) throws(ConfigurationError) -> Scenario {
        try decode(data, name: name, file: file, challenges: Challenge.all)
    }

    public init(json: JSONValue, name: String, file: String) throws(ConfigurationError) {
        try self.init(json: json, name: name, file: file, challenges: Challenge.all)
    }
}

extension ScenarioLibrary {
    public init(directory: String?, builtIn: [String: String] = BuiltInConfiguration.scenarios) {
        self.init(directory: directory, builtIn: builtIn, challenges: Challenge.all)
    }

    /// The built-in scenarios and the user's folder named by `environment`.
    public init(environment: [String: String]) {
        self.init(environment: environment, challenges: Challenge.all)
    }
}

extension EndpointName {
    /// Every mock endpoint of the program's challenges, in the fault panel's order.
    public static var all: [EndpointName] { Challenge.all.flatMap(\.endpoints) }
}

extension AppEnvironment.Inputs {
    /// Reads everything for the program's challenges (`read(options:environment:challenges:)`).
    public static func read(options: LaunchOptions, environment: [String: String]) throws(LaunchError) -> AppEnvironment.Inputs {
        try read(options: options, environment: environment, challenges: Challenge.all)
    }
}
