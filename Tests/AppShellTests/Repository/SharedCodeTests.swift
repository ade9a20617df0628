@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

/// The code every challenge shares names none of them. The module graph keeps most of it: the
/// shell (AppShell), the recorder and player (Recording), Core, CommandLineKit and TUI reach no
/// challenge's module, and each challenge's app module (NavigationApp, ArticlesApp, ProfileApp)
/// reaches no other's, so the compiler refuses a reach across. (`Config/` compiled in, which
/// names every challenge's keys, is its own module, ShippedConfiguration.) What a graph can't
/// see is a challenge named in shared code as text (an endpoint's path, an id): that is looked
/// for here. What the shared code needs of a challenge comes from its registration
/// (Docs/architecture.md, "Adding a challenge").
@Suite(.timeLimit(.minutes(10))) struct SharedCodeTests {
    /// The modules every challenge shares.
    static let sharedModules = ["Core", "CommandLineKit", "TUI", "AppShell", "Recording"]
    /// One app module per challenge.
    static let challengeModules = ["NavigationApp", "ArticlesApp", "ProfileApp"]
    /// The challenges' domain modules and the contract they share with the server.
    static let modules = ["Contract", "Navigation", "Articles", "ArticleDetails", "Profile"]

    /// Each target's dependencies as Package.swift declares them.
    static func dependencies() throws -> [String: [String]] {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: [String]] = [:]
        for match in manifest.matches(of: #/\.(?:target|executableTarget)\(\s*name: "([^"]+)"(?:, dependencies: \[([^\]]*)\])?/#) {
            graph[String(match.1)] = (match.2.map(String.init) ?? "").matches(of: #/"([^"]+)"/#).map { String($0.1) }
        }
        return graph
    }

    /// Every module a target reaches through its dependencies.
    static func reach(of target: String, in graph: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var next = graph[target] ?? []
        while let module = next.popLast() {
            if seen.insert(module).inserted { next += graph[module] ?? [] }
        }
        return seen
    }

    @Test func sharedModulesReachNoChallengeAndNoChallengeReachesAnother() throws {
        let graph = try Self.dependencies()
        for module in Self.sharedModules + Self.challengeModules {
            #expect(graph[module] != nil, "Package.swift declares \(module)")
        }
        for shared in Self.sharedModules {
            let reached = Self.reach(of: shared, in: graph)
            #expect(reached.isDisjoint(with: Self.challengeModules + Self.modules), "\(shared) reaches \(reached.sorted())")
        }
        for challenge in Self.challengeModules {
            let others = Set(Self.challengeModules).subtracting([challenge])
            #expect(Self.reach(of: challenge, in: graph).isDisjoint(with: others), "\(challenge) reaches another challenge")
            #expect(!Self.reach(of: challenge, in: graph).contains("Recording"), "\(challenge) is recorded by the shell, it doesn't record")
        }
    }

    @Test func theGraphCheckSeesAReachThroughAnotherModule() {
        let graph = ["AppShell": ["Core", "Helper"], "Helper": ["ArticlesApp"], "Core": []]
        #expect(Self.reach(of: "AppShell", in: graph) == ["Core", "Helper", "ArticlesApp"])
    }

    /// The shared modules' files.
    static func sharedFiles() throws -> [URL] {
        let sources = packageRoot.appendingPathComponent("Sources")
        return try Self.sharedModules.flatMap { try swiftFiles(under: sources.appendingPathComponent($0)) }
    }

    /// What would name a challenge: its id and title, its endpoints.
    static var names: [String] {
        Challenge.all.flatMap { challenge in [challenge.id.rawValue, challenge.title] + challenge.endpoints.map(\.rawValue) }
    }

    @Test func sharedCodeNamesNoChallenge() throws {
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
