import Foundation

/// Finds the test suites under a folder that carry no `.timeLimit` (Docs/testing.md, "Time in
/// tests"). The rule, read from the sources line by line:
///
/// - a *suite* is a type declared at the start of a line (the top level of its file) that has a
///   `@Suite` attribute or holds a `@Test`, directly or in an `extension` of it in any file;
/// - every suite's `@Suite(…)` attribute (on the declaration's line or on lines of their own just
///   before it) names `.timeLimit(`; nested types inherit their suite's limit;
/// - a `@Test` at the top level of a file (a free function) names `.timeLimit(` itself.
struct SuiteTimeLimits {
    struct Missing: Equatable, CustomStringConvertible {
        let file: String
        let line: Int
        let name: String
        var description: String { "\(file):\(line): \(name) has no .timeLimit" }
    }

    let root: URL

    /// Every `.swift` file under `root`, as paths relative to it, sorted.
    func files() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { found.append(path) }
        }
        return found.sorted()
    }

    func missing() throws -> [Missing] {
        var declarations: [String: (file: String, line: Int, attributes: String)] = [:]
        var suites: Set<String> = []
        var problems: [Missing] = []
        for file in files() {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var pending = ""
            var current: String?
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if line.first?.isWhitespace == false, let (name, isExtension, before) = Self.declaration(in: line) {
                    let attributes = pending + before
                    if !isExtension { declarations[name] = (file, index + 1, attributes) }
                    if attributes.contains("@Suite") || line.contains("@Test") { suites.insert(name) }
                    current = name
                    pending = ""
                } else if line.hasPrefix("@Test") {
                    if !line.contains(".timeLimit(") { problems.append(Missing(file: file, line: index + 1, name: "@Test at the top level")) }
                } else if line.hasPrefix("@") || (!pending.isEmpty && (line.first?.isWhitespace == true || Self.isOpen(pending))) {
                    pending += line + "\n"  // an attribute on lines of its own, maybe spread over several
                } else if trimmed.hasPrefix("@Test"), let current {
                    suites.insert(current)
                } else if line.first.map({ !$0.isWhitespace }) == true {
                    if line.hasPrefix("}") { current = nil }
                    pending = ""
                }
            }
        }
        for name in suites.sorted() {
            guard let declaration = declarations[name] else { continue }  // a type from a module under test
            if !declaration.attributes.contains(".timeLimit(") {
                problems.append(Missing(file: declaration.file, line: declaration.line, name: name))
            }
        }
        return problems.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// Whether an attribute's text has more `(` than `)`: it goes on on the next line.
    static func isOpen(_ text: String) -> Bool {
        text.filter { $0 == "(" }.count > text.filter { $0 == ")" }.count
    }

    /// The declared type's name, whether it is an extension, and the line's text before the keyword
    /// (its attributes), for a line that declares a type. Plain string work, no regular
    /// expressions: it reads every line under Tests/ in well under a second.
    static func declaration(in line: String) -> (String, Bool, String)? {
        // Attributes' arguments (which may hold spaces, or even a keyword in a string) go first.
        var outside = ""
        var depth = 0
        for character in line {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) } else if depth == 0 { outside.append(character) }
        }
        let words = outside.split { $0 == " " || $0 == "\t" }
        guard let at = words.firstIndex(where: { keywords.contains(String($0)) }), at + 1 < words.count else { return nil }
        // Only attributes and modifiers may come before the keyword (not `func`, `let`, a comment).
        guard words[..<at].allSatisfy({ $0.hasPrefix("@") || modifiers.contains(String($0)) }) else { return nil }
        let name = words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let first = name.first, !first.isNumber else { return nil }
        let keyword = words[at]
        let before = line.range(of: keyword + " ").map { String(line[..<$0.lowerBound]) } ?? ""
        return (String(name), keyword == "extension", before)
    }

    static let keywords: Set<String> = ["struct", "class", "enum", "actor", "extension"]
    static let modifiers: Set<String> = ["public", "internal", "private", "fileprivate", "final", "package"]
}
