import Glibc

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
