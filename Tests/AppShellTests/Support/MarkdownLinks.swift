import Foundation

/// Checks the relative links of Markdown pages: `[text](path)`, `[text](path#anchor)`,
/// `[text](#anchor)`, images `![alt](path)` and reference definitions `[name]: path`. A link
/// is broken when its file (or folder) does not exist, or when its `#anchor` names no heading
/// of the Markdown page it points to, by GitHub's rules (`MarkdownLinks.slug`). Links with a
/// scheme (http, https, mailto…) are not checked; neither is text in code blocks or code spans.
struct MarkdownLinks {
    struct Link: Hashable {
        /// 1-based.
        var line: Int
        var text: String
        var destination: String
    }

    struct Problem: CustomStringConvertible, Hashable {
        /// Relative to the root.
        var file: String
        var link: Link
        var reason: String
        /// The file the link leads to when that file is missing (relative to the root).
        var missingFile: String?

        var description: String { "\(file):\(link.line): [\(link.text)](\(link.destination)) — \(reason)" }
    }

    /// Where `/path` links start (the repository's root).
    let root: URL

    /// `README.md` and every `.md` under `Docs/`, sorted, those that exist.
    func pages() -> [URL] {
        var pages: [URL] = []
        let readme = root.appendingPathComponent("README.md")
        if FileManager.default.fileExists(atPath: readme.path) { pages.append(readme) }
        let docs = root.appendingPathComponent("Docs")
        if let walker = FileManager.default.enumerator(atPath: docs.path) {
            let found = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
            pages += found.map { docs.appendingPathComponent($0) }
        }
        return pages
    }

    /// Every broken link in `pages`, page by page, in order.
    func problems(in pages: [URL]) -> [Problem] {
        var anchorsByFile: [String: Set<String>] = [:]
        func anchors(of file: URL) -> Set<String> {
            if let known = anchorsByFile[file.path] { return known }
            let found = Self.anchors(in: (try? String(contentsOf: file, encoding: .utf8)) ?? "")
            anchorsByFile[file.path] = found
            return found
        }
        var problems: [Problem] = []
        for page in pages {
            guard let markdown = try? String(contentsOf: page, encoding: .utf8) else {
                problems.append(Problem(file: relative(page), link: Link(line: 0, text: "", destination: ""), reason: "can't be read as UTF-8"))
                continue
            }
            for link in Self.links(in: markdown) {
                guard let target = Self.target(of: link.destination) else { continue }
                let file: URL
                if target.path.isEmpty {
                    file = page
                } else if target.path.hasPrefix("/") {
                    file = root.appendingPathComponent(String(target.path.dropFirst()))
                } else {
                    file = page.deletingLastPathComponent().appendingPathComponent(target.path)
                }
                let resolved = file.standardizedFileURL
                guard FileManager.default.fileExists(atPath: resolved.path) else {
                    problems.append(Problem(
                        file: relative(page), link: link, reason: "no file \(relative(resolved))", missingFile: relative(resolved)))
                    continue
                }
                guard let anchor = target.anchor, !anchor.isEmpty, resolved.pathExtension.lowercased() == "md" else { continue }
                if !anchors(of: resolved).contains(anchor.lowercased()) {
                    problems.append(Problem(
                        file: relative(page), link: link, reason: "no heading makes #\(anchor) in \(relative(resolved))"))
                }
            }
        }
        return problems
    }

    private func relative(_ url: URL) -> String {
        let base = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    // MARK: Reading Markdown

    /// The path and anchor a destination points to, percent-decoded; nil for an external link
    /// (one with a scheme, or `//host`).
    static func target(of destination: String) -> (path: String, anchor: String?)? {
        if destination.hasPrefix("//") || destination.firstMatch(of: #/^[A-Za-z][A-Za-z0-9+.\-]*:/#) != nil { return nil }
        let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var path = String(parts[0])
        if let query = path.firstIndex(of: "?") { path = String(path[..<query]) }
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        return (path.removingPercentEncoding ?? path, anchor.map { $0.removingPercentEncoding ?? $0 })
    }

    /// Every link and reference definition outside code, with its line.
    static func links(in markdown: String) -> [Link] {
        var links: [Link] = []
        for (index, line) in proseLines(markdown) {
            if let definition = line.firstMatch(of: #/^ {0,3}\[([^\]]+)\]:\s*<?([^\s>]+)>?/#) {
                links.append(Link(line: index + 1, text: String(definition.1), destination: String(definition.2)))
                continue
            }
            links += inlineLinks(in: withoutCodeSpans(line)).map { Link(line: index + 1, text: $0.text, destination: $0.destination) }
        }
        return links
    }

    /// `[text](destination)` and `![alt](destination)` on one line, images inside links too:
    /// every `](` with the bracket that opens it.
    private static func inlineLinks(in line: String) -> [(text: String, destination: String)] {
        let characters = Array(line)
        var found: [(text: String, destination: String)] = []
        var index = 0
        while index + 1 < characters.count {
            defer { index += 1 }
            guard characters[index] == "]", characters[index + 1] == "(" else { continue }
            // The opening bracket, nested brackets balanced.
            var depth = 0, open: Int?
            var back = index - 1
            while back >= 0 {
                if characters[back] == "]" { depth += 1 }
                if characters[back] == "[" {
                    if depth == 0 { open = back; break }
                    depth -= 1
                }
                back -= 1
            }
            guard let open else { continue }
            // The destination: `<…>`, or up to white space or the `)` that balances.
            var cursor = index + 2
            while cursor < characters.count, characters[cursor] == " " { cursor += 1 }
            var destination = ""
            if cursor < characters.count, characters[cursor] == "<" {
                cursor += 1
                while cursor < characters.count, characters[cursor] != ">" { destination.append(characters[cursor]); cursor += 1 }
            } else {
                var parens = 0
                while cursor < characters.count, !characters[cursor].isWhitespace {
                    if characters[cursor] == "(" { parens += 1 }
                    if characters[cursor] == ")" {
                        if parens == 0 { break }
                        parens -= 1
                    }
                    destination.append(characters[cursor])
                    cursor += 1
                }
            }
            guard !destination.isEmpty else { continue }
            found.append((String(characters[(open + 1)..<index]), destination))
        }
        return found
    }

    /// The lines outside fenced code blocks (``` or ~~~), numbered from 0.
    static func proseLines(_ markdown: String) -> [(Int, String)] {
        var prose: [(Int, String)] = []
        var fence: String?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open), trimmed.allSatisfy({ $0 == open.first || $0 == " " || $0 == "\r" }) { fence = nil }
                continue
            }
            if let marker = trimmed.firstMatch(of: #/^(`{3,}|~{3,})/#), line.prefix(while: { $0 == " " }).count <= 3 {
                fence = String(marker.1)
                continue
            }
            prose.append((index, String(line.hasSuffix("\r") ? line.dropLast() : line)))
        }
        return prose
    }

    /// The line with code spans (`…`, ``…``) blanked out.
    private static func withoutCodeSpans(_ line: String) -> String {
        line.replacing(#/(`+)(?:(?!\1).)+?\1/#) { String(repeating: " ", count: $0.output.0.count) }
    }

    // MARK: Anchors

    /// The anchors a page offers: its headings' slugs (duplicates numbered as GitHub numbers
    /// them), and `id`/`name` attributes of HTML in it.
    static func anchors(in markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        var used: [String: Int] = [:]
        func add(heading: String) {
            let base = slug(heading)
            var candidate = base
            if let count = used[base] {
                var n = count
                repeat {
                    n += 1
                    candidate = "\(base)-\(n)"
                } while anchors.contains(candidate)
                used[base] = n
            } else {
                used[base] = 0
            }
            anchors.insert(candidate)
        }
        var previous: (index: Int, line: String)?
        for (index, line) in proseLines(markdown) {
            defer { previous = (index, line) }
            if let heading = line.firstMatch(of: #/^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/#) {
                add(heading: String(heading.1 ?? ""))
            } else if line.firstMatch(of: #/^ {0,3}(=+|-+)[ \t]*$/#) != nil, let above = previous, above.index == index - 1,
                      case let text = above.line, !text.trimmingCharacters(in: .whitespaces).isEmpty,
                      text.firstMatch(of: #/^ {0,3}([-*+>|#]|\d+[.)])/#) == nil {
                add(heading: text.trimmingCharacters(in: .whitespaces))
            }
            for attribute in line.matches(of: #/<[A-Za-z][^>]*\s(?:id|name)="([^"]+)"/#) {
                anchors.insert(String(attribute.1).lowercased())
            }
        }
        return anchors
    }

    /// GitHub's anchor for a heading: the text as shown (links, images and HTML tags reduced to
    /// their text, emphasis marks dropped), lower-cased, every character that is not a letter,
    /// digit, mark, `_`, `-` or space dropped, and each space turned into `-`.
    static func slug(_ heading: String) -> String {
        var text = heading
        text = text.replacing(#/!?\[([^\]]*)\]\([^)]*\)/#) { String($0.output.1) }
        text = text.replacing(#/<[^>]+>/#, with: "")
        // Underscores that mark emphasis (at a word's edge), not those inside words.
        text = text.replacing(#/(^|[\s(])_+|_+($|[\s).,:;!?])/#) { String($0.output.1 ?? "") + String($0.output.2 ?? "") }
        text = text.lowercased()
        var slug = ""
        for character in text {
            if character == " " {
                slug.append("-")
            } else if character == "-" || character == "_" {
                slug.append(character)
            } else if character.unicodeScalars.allSatisfy({ scalar in
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                     .connectorPunctuation:
                    true
                default:
                    false
                }
            }) {
                slug.append(character)
            }
        }
        return slug
    }
}
