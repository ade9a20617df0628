import Foundation

/// Checks the file paths that README.md and Docs/*.md write in code spans (`Sources/Core/`,
/// `DocsLinksTests.swift`, `EventLoop*.swift`): each must name a file or folder of the
/// repository. Code blocks are not read (they hold commands and output).
///
/// A span is taken for a path when it has no spaces and either ends in a file extension of the
/// repository's (`.swift`, `.md`, `.json`…) or has a `/` after a first part that is a folder of
/// the repository (`Docs/`, `AppShell/Shell/`). It names a repository file when a file or
/// folder's path, relative to the root, is it or ends with `/` and it (`*` matches within a
/// name), so `TUI/Loop/EventLoop.swift` and a bare `Poller.swift` count when they exist somewhere.
struct MarkdownPaths {
    struct Problem: CustomStringConvertible, Hashable {
        var file: String
        /// 1-based.
        var line: Int
        var path: String
        var description: String { "\(file):\(line): `\(path)` — no such file or folder in the repository" }
    }

    /// Paths the pages name that are not files of the repository, each for a reason:
    /// - `.build/…`: what `swift build` and the bench write (git-ignored);
    /// - spans with `$`, `~`, `<…>`, `{…}` or spaces, absolute paths (`/proc/…`), MIME types
    ///   (`image/png`) and placeholders in capitals (`Config/scenarios/NAME.json`) are not read
    ///   as paths at all (`isPath`);
    /// - `names`: the records the app writes at run time, the original challenge's `server.js`,
    ///   a Swift expression that looks like a file (`ImageEncoder.png`), and the made-up paths
    ///   of worked examples (the Settings challenge in Docs/architecture.md, a `png` fuzz
    ///   target in Docs/testing-fuzzing.md).
    static let notRepositoryFiles: (prefixes: [String], names: Set<String>) = (
        prefixes: [".build/"],
        names: [
            "navigation.progress", "articles.list", "navigation.progress.damaged", "config.json", "server.js", "ImageEncoder.png",
            "Sources/Contract/Settings/", "Sources/Settings/", "Sources/AppShell/Settings/", "Fuzz/corpus/png/",
        ]
    )

    static let placeholders: Set<String> = ["NAME", "FILE", "DIR", "PID", "N"]
    static let mimeTypes: Set<String> = ["image", "text", "application", "audio", "video", "multipart"]

    static let extensions: Set<String> = [
        "swift", "md", "json", "svg", "txt", "c", "h", "sh", "js", "yml", "yaml", "modulemap", "cast", "png", "jpg",
        "jpeg", "gif", "bmp", "1", "deb",
    ]

    let root: URL
    /// Every file and folder of the repository (relative paths; folders end with `/`), the build
    /// folder and git's aside.
    let entries: [String]

    init(root: URL) {
        self.root = root
        var entries: [String] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) {
            for case let url as URL in walker {
                let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
                let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
                if isFolder, [".build", ".git", ".swiftpm"].contains(url.lastPathComponent) {
                    walker.skipDescendants()
                    continue
                }
                entries.append(isFolder ? relative + "/" : relative)
            }
        }
        self.entries = entries.sorted()
    }

    /// The folders' names (any depth): a span with a `/` after one of them is a path.
    private var folderNames: Set<String> {
        Set(entries.filter { $0.hasSuffix("/") }.compactMap { $0.split(separator: "/").last.map(String.init) })
    }

    /// The code spans of `markdown` that look like paths, with their lines (1-based).
    func paths(in markdown: String) -> [(line: Int, path: String)] {
        let folders = folderNames
        var found: [(line: Int, path: String)] = []
        for (index, line) in MarkdownLinks.proseLines(markdown) {
            for span in line.matches(of: #/(`+)((?:(?!\1).)+?)\1/#) {
                let text = String(span.2).trimmingCharacters(in: .whitespaces)
                if Self.isPath(text, folders: folders) { found.append((index + 1, text)) }
            }
        }
        return found
    }

    static func isPath(_ text: String, folders: Set<String>) -> Bool {
        guard !text.isEmpty, text.firstMatch(of: #/^[A-Za-z0-9_.*+\-\/]+$/#) != nil, !text.hasPrefix("/"),
              !text.hasPrefix("-"), !text.contains("//")
        else { return false }
        let parts = text.split(separator: "/").map(String.init)
        if parts.contains(where: { placeholders.contains($0.split(separator: ".").first.map(String.init) ?? $0) }) { return false }
        if parts.count > 1, mimeTypes.contains(parts[0]) { return false }
        if let dot = text.lastIndex(of: "."), case let ext = String(text[text.index(after: dot)...]), extensions.contains(ext),
           let last = text[..<dot].last {
            // `challenge-tui.1` is a man page; `127.0.0.1` is an address.
            if ext.allSatisfy(\.isNumber) ? last.isLetter : (last.isLetter || last.isNumber || "*_".contains(last)) { return true }
        }
        guard parts.count > 1 || text.hasSuffix("/") else { return false }
        return folders.contains(parts[0])
    }

    /// The repository's files and folders that `path` names: the path itself, or any whose
    /// path ends with `/` and it (`*` within one name; a folder may be written without its `/`).
    func matches(_ path: String) -> [String] {
        let regex = "(^|/)" + NSRegularExpression.escapedPattern(for: path)
            .replacingOccurrences(of: "\\/", with: "/")
            .replacingOccurrences(of: "\\*\\*/", with: "(?:.*/)?").replacingOccurrences(of: "\\*", with: "[^/]*")
            + (path.hasSuffix("/") ? "$" : "/?$")
        guard let expression = try? NSRegularExpression(pattern: regex) else { return [] }
        return entries.filter { entry in expression.firstMatch(in: entry, range: NSRange(entry.startIndex..., in: entry)) != nil }
    }

    static func isAllowed(_ path: String) -> Bool {
        notRepositoryFiles.names.contains(path) || notRepositoryFiles.prefixes.contains(where: path.hasPrefix)
    }

    /// Every path in `pages` that names nothing in the repository. A bare file name
    /// (`Poller.swift`) in a section (from one heading to the next) that has named folders
    /// before it (`Sources/DevServer/HTTP/`, or a file's folder) must be in one of those
    /// folders: a table of a folder's files can't pass on a namesake elsewhere.
    func problems(in pages: [URL]) -> [Problem] {
        let folders = folderNames
        var problems: [Problem] = []
        for page in pages {
            let text = (try? String(contentsOf: page, encoding: .utf8)) ?? ""
            let name = String(page.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            var sectionFolders: [String] = []
            for (index, line) in MarkdownLinks.proseLines(text) {
                if line.hasPrefix("#") { sectionFolders = [] }
                for span in line.matches(of: #/(`+)((?:(?!\1).)+?)\1/#) {
                    let path = String(span.2).trimmingCharacters(in: .whitespaces)
                    guard Self.isPath(path, folders: folders), !Self.isAllowed(path) else { continue }
                    let found: [String]
                    // In a table of a folder's files, a bare name is looked for in that folder (or at the root).
                    if !path.contains("/"), !sectionFolders.isEmpty, line.hasPrefix("|") {
                        found = matches(path).filter { entry in (sectionFolders + [""]).contains { folder in
                            entry.hasPrefix(folder) && !entry.dropFirst(folder.count).dropLast().contains("/")
                        } }
                    } else {
                        found = matches(path)
                    }
                    if found.isEmpty { problems.append(Problem(file: name, line: index + 1, path: path)) }
                    if path.contains("/") {
                        for entry in found {
                            let folder = entry.hasSuffix("/") ? entry : String(entry[...(entry.lastIndex(of: "/") ?? entry.startIndex)])
                            if folder.hasSuffix("/"), !sectionFolders.contains(folder) { sectionFolders.append(folder) }
                        }
                    }
                }
            }
        }
        return problems
    }
}
