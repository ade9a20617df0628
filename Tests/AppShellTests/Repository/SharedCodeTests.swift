import CoreTesting
import Foundation
import Testing
@testable import AppShell

/// The code every challenge shares names none of them: the shell, the launcher, the live tools,
/// the environment, the configuration and scenario readers and the command line in AppShell,
/// and all of Core, CommandLineKit and TUI. (`Config/` compiled in, which names every
/// challenge's keys, is its own module, ShippedConfiguration, which Core does not link.) What they need of a challenge comes from its registration
/// (Docs/architecture.md, "Adding a challenge").
@Suite(.timeLimit(.minutes(10))) struct SharedCodeTests {
    /// The folders of AppShell that belong to one challenge: those holding a registration.
    static func challengeFolders() throws -> Set<String> {
        let appShell = packageRoot.appendingPathComponent("Sources/AppShell")
        var folders: Set<String> = []
        for file in try swiftFiles(under: appShell) where try String(contentsOf: file, encoding: .utf8).contains("\nextension Challenge {") {
            folders.insert(file.deletingLastPathComponent().lastPathComponent)
        }
        return folders.subtracting(["Feature"])
    }

    /// The shared files: Core, CommandLineKit, TUI, and AppShell outside the challenges'
    /// folders, the list of challenges itself aside.
    static func sharedFiles() throws -> [URL] {
        let sources = packageRoot.appendingPathComponent("Sources")
        let folders = try challengeFolders()
        return try (["Core", "CommandLineKit", "TUI"].flatMap { try swiftFiles(under: sources.appendingPathComponent($0)) }
            + swiftFiles(under: sources.appendingPathComponent("AppShell")).filter { file in
                !folders.contains(file.deletingLastPathComponent().lastPathComponent)
            })
            .filter { $0.lastPathComponent != "Challenge+All.swift" }
    }

    /// What would name a challenge: its id and title, its endpoints, its modules.
    static var names: [String] {
        Challenge.all.flatMap { challenge in [challenge.id.rawValue, challenge.title] + challenge.endpoints.map(\.rawValue) }
    }

    static let modules = ["Contract", "Navigation", "Articles", "ArticleDetails", "Profile"]

    @Test func sharedCodeNamesNoChallenge() throws {
        let folders = try Self.challengeFolders()
        #expect(folders == ["NavigationFlow", "Articles", "Profile"])
        let files = try Self.sharedFiles()
        #expect(files.count > 100)
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let code = Self.code(line)
                let where_ = "\(file.path.replacingOccurrences(of: packageRoot.path + "/", with: "")):\(index + 1)"
                for name in Self.names where Self.contains(code, word: name) {
                    Issue.record("\(where_) names \"\(name)\": \(line.trimmingCharacters(in: .whitespaces))")
                }
                for module in Self.modules where code.hasPrefix("import \(module)") {
                    Issue.record("\(where_) imports \(module)")
                }
            }
        }
    }

    @Test func theCheckSeesANameInCodeButNotInAComment() {
        #expect(Self.contains(Self.code(#"    let path = "/rLogin" // the flow's"#), word: "rLogin"))
        #expect(!Self.contains(Self.code("    /// What rLogin does"), word: "rLogin"))
        #expect(!Self.contains(Self.code(#"    f("http://x") // rLogin"#), word: "rLogin"))
        #expect(Self.contains(Self.code(#"    f("http://x/articles")"#), word: "articles"))
        #expect(!Self.contains("articlesCount", word: "articles"), "a word, not a part of one")
        #expect(Self.contains("Navigation flow", word: "Navigation flow"))
    }

    /// The line without its comment (a `//` that does not end a URL's `://`).
    static func code(_ line: String) -> String {
        var search = line.startIndex
        while let range = line.range(of: "//", range: search..<line.endIndex) {
            if range.lowerBound == line.startIndex || line[line.index(before: range.lowerBound)] != ":" {
                return String(line[..<range.lowerBound])
            }
            search = range.upperBound
        }
        return line
    }

    static func contains(_ code: String, word: String) -> Bool {
        var start = code.startIndex
        while let range = code.range(of: word, options: .caseInsensitive, range: start..<code.endIndex) {
            let before = range.lowerBound == code.startIndex ? nil : code[code.index(before: range.lowerBound)]
            let after = range.upperBound == code.endIndex ? nil : code[range.upperBound]
            if !(before.map(\.isLetter) ?? false) && !(after.map(\.isLetter) ?? false) { return true }
            start = range.upperBound
        }
        return false
    }

    private static func swiftFiles(under folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }
}
