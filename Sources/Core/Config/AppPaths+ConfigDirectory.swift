import Glibc

extension AppPaths {
    /// The user's configuration folder: `$XDG_CONFIG_HOME/challenge-tui`, else
    /// `$HOME/.config/challenge-tui`; `nil` when neither variable is set (nothing of the user's is
    /// read then). The current directory and the executable's folder are never looked in: a
    /// folder someone else prepared must not change the program's settings or server URLs
    /// (Docs/configuration.md, "Where settings come from").
    public static func userConfigDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return join(xdg, folderName) }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return join(home, ".config", folderName)
    }

    /// `<user configuration folder>/config.json`, when that file exists.
    public static func userConfigFile(environment: [String: String]) -> String? {
        // A plain system call rather than FileManager: this runs before the first frame.
        guard let folder = userConfigDirectory(environment: environment) else { return nil }
        let file = join(folder, "config.json")
        return access(file, F_OK) == 0 ? file : nil
    }

    /// `<user configuration folder>/scenarios`, the user's own scenario files.
    public static func userScenarioDirectory(environment: [String: String]) -> String? {
        userConfigDirectory(environment: environment).map { join($0, "scenarios") }
    }

    /// The folder holding `path` ("/a/b/" and "/a/b" → "/a"; "/" → "/").
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
