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
            throw ConfigurationError(file: "--scenario", keyPath: "", problem: "\"\(name)\" is not a scenario name (letters, digits, - and _)")
        }
        let file = directory.map { AppPaths.join($0, "\(name).json") }
        if let file, let data = FileManager.default.contents(atPath: file) {
            return try Scenario.decode(data, name: name, file: file)
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

extension AppPaths {
    /// The `Config/` folder: `$CHALLENGE_TUI_CONFIG_DIR`, else the nearest `Config/` holding a
    /// `default.json` in the executable's folder or one above it (a build in `.build/debug`
    /// finds the package's), else `Config/` in the current directory; `nil` when none exists
    /// (the built-in defaults and default scenario are used then).
    public static func configDirectory(
        environment: [String: String], executablePath: String?, currentDirectory: String
    ) -> String? {
        // Plain system calls rather than URL and FileManager: this runs before the first frame.
        func isConfig(_ path: String) -> Bool { access(join(path, "default.json"), F_OK) == 0 }
        if let explicit = environment["CHALLENGE_TUI_CONFIG_DIR"], !explicit.isEmpty { return explicit }
        if let executablePath {
            let absolute = executablePath.hasPrefix("/") ? executablePath : join(currentDirectory, executablePath)
            var folder = parent(of: resolvingSymlinks(absolute))
            for _ in 0..<6 {
                let candidate = join(folder, "Config")
                if isConfig(candidate) { return candidate }
                let up = parent(of: folder)
                if up == folder { break }
                folder = up
            }
        }
        let local = join(currentDirectory, "Config")
        return isConfig(local) ? local : nil
    }

    /// `path` with every symbolic link resolved (`realpath`), or as given when it can't be.
    static func resolvingSymlinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder holding `path` ("/a/b/" and "/a/b" → "/a"; "/" → "/").
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
