@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import TUI

/// The key tables of README.md and Docs/, written from the screens' key declarations
/// (`KeyMap`). A page marks each generated table:
///
///     <!-- keys: launcher -->
///     | key | what it does |
///     …
///     <!-- /keys -->
///
/// and `KeyTablesTests` writes the table again and compares (Docs/keys.md).
enum KeyTables {
    /// Every declared map, by the name a page's marker uses, in the order Docs/keys.md shows them.
    static var guides: [(name: String, guide: KeyGuide)] { KeyReference.guides(for: Challenge.all).map { ($0.name, $0.guide) } }

    /// README's table: one row per screen, each key with its key bar word.
    static let summaryName = "summary"

    /// The table a marker names, or nil for a name nothing declares.
    static func table(named name: String) -> String? {
        if name == summaryName { return summary() }
        return guides.first { $0.name == name }.map { table($0.guide) }
    }

    /// `| key | what it does |`, with a `where` column when an entry says where it works.
    static func table(_ guide: KeyGuide) -> String {
        let scoped = guide.entries.contains { $0.scope != nil }
        var lines = scoped ? ["| key | where | what it does |", "|---|---|---|"] : ["| key | what it does |", "|---|---|"]
        for entry in guide.entries {
            let cells = scoped ? [entry.keys, entry.scope ?? "—", entry.help] : [entry.keys, entry.help]
            lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// `| where | keys |`: every screen's keys with their short labels, the modal panels aside
    /// (`KeyReference.summary`, which the man page's KEYS is made from too).
    static func summary() -> String {
        var lines = ["| where | keys |", "|---|---|"]
        for line in KeyReference.summary(for: Challenge.all) {
            let keys = line.keys.map { "**\(cell($0.keys))** \(cell($0.label))" }.joined(separator: " · ")
            lines.append("| \(line.place.lowercased()) | \(keys) |")
        }
        return lines.joined(separator: "\n")
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// A marked block in a page: its name, and the line range of the table between the markers.
    struct Block {
        var name: String
        /// 0-based, the marker lines excluded.
        var lines: Range<Int>
        /// 1-based, of the opening marker.
        var line: Int { lines.lowerBound }
    }

    /// The marked blocks of a page, and markers that don't pair up.
    static func blocks(in lines: [String]) -> (blocks: [Block], problems: [String]) {
        var blocks: [Block] = [], problems: [String] = []
        var open: (name: String, line: Int)?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let start = trimmed.firstMatch(of: #/^<!-- keys: ([a-z0-9-]+) -->$/#) {
                if let open { problems.append("line \(open.line + 1): <!-- keys: \(open.name) --> has no <!-- /keys -->") }
                open = (String(start.1), index)
            } else if trimmed == "<!-- /keys -->" {
                if let opened = open {
                    blocks.append(Block(name: opened.name, lines: (opened.line + 1)..<index))
                    open = nil
                } else {
                    problems.append("line \(index + 1): <!-- /keys --> without an opening marker")
                }
            }
        }
        if let open { problems.append("line \(open.line + 1): <!-- keys: \(open.name) --> has no <!-- /keys -->") }
        return (blocks, problems)
    }

    /// The page with every marked block written afresh (unknown names left as they are).
    static func regenerated(_ text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        for block in blocks(in: lines).blocks.reversed() {
            guard let table = table(named: block.name) else { continue }
            lines.replaceSubrange(block.lines, with: table.components(separatedBy: "\n"))
        }
        return lines.joined(separator: "\n")
    }
}
