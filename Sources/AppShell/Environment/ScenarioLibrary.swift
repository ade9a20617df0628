import Core
import FoundationEssentials
import Glibc

/// The named scenarios in a folder (`Config/scenarios/*.json`), plus the built-in `default`,
/// which is there even without a folder.
public struct ScenarioLibrary: Sendable {
    /// `nil`: only the built-in default scenario.
    public let directory: String?

    public init(directory: String?) {
        self.directory = directory
    }

    /// The library in `<configDirectory>/scenarios`.
    public init(configDirectory: String?) {
        self.init(directory: configDirectory.map { AppPaths.join($0, "scenarios") })
    }

    /// Scenario names, sorted; `default` always among them.
    public func names() -> [String] {
        var names: Set<String> = [Scenario.builtInDefault.name]
        if let directory, let files = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for file in files where file.hasSuffix(".json") {
                let name = String(file.dropLast(5))
                if Self.isValidName(name) { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// The scenario called `name`: its file, or the built-in default when `name` is `default`
    /// and there is no file for it.
    public func load(_ name: String) throws(ConfigurationError) -> Scenario {
        guard Self.isValidName(name) else {
            throw ConfigurationError(file: "--scenario", keyPath: "", problem: "\"\(name.excerpt())\" is not a scenario name (letters, digits, - and _)")
        }
        let file = directory.map { AppPaths.join($0, "\(name).json") }
        if let file, access(file, F_OK) == 0 {
            return try Scenario.decode(try ConfigurationFile.read(file), name: name, file: file)
        }
        if name == Scenario.builtInDefault.name { return .builtInDefault }
        throw ConfigurationError(
            file: file ?? "--scenario", keyPath: "",
            problem: "no scenario named \"\(name)\" (available: \(names().joined(separator: ", ")))")
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 100 && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }
}
