@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The key tables of README.md and Docs/*.md are the screens' key declarations written out:
/// each marked table (`<!-- keys: NAME -->` … `<!-- /keys -->`) is written again from its
/// `KeyMap` and must be what the page says. `SNAPSHOT_UPDATE=1` rewrites them (Docs/keys.md).
@Suite(.timeLimit(.minutes(10))) struct KeyTablesTests {
    static var pages: [URL] { MarkdownLinks(root: packageRoot).pages() }

    @Test func everyMarkedKeyTableIsWhatTheDeclarationsSay() throws {
        var used: Set<String> = []
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            let name = page.path.replacingOccurrences(of: packageRoot.path + "/", with: "")
            let (blocks, problems) = KeyTables.blocks(in: text.components(separatedBy: "\n"))
            for problem in problems { Issue.record("\(name): \(problem)") }
            for block in blocks {
                used.insert(block.name)
                if KeyTables.table(named: block.name) == nil {
                    Issue.record("\(name):\(block.line): no key map is called \(block.name) (KeyTables.guides)")
                }
            }
            let regenerated = KeyTables.regenerated(text)
            guard regenerated != text else { continue }
            if ProcessInfo.processInfo.environment["SNAPSHOT_UPDATE"] == "1" {
                try Data(regenerated.utf8).write(to: page)
            } else {
                Issue.record(Comment(rawValue: """
                    \(name): a key table differs from the key declarations; run with SNAPSHOT_UPDATE=1 \
                    and review the change:
                    \(firstDifference(expected: text, actual: regenerated))
                    """))
            }
        }
        #expect(used.contains(KeyTables.summaryName), "README.md shows the summary table")
        let keysPage = try String(contentsOf: packageRoot.appendingPathComponent("Docs/keys.md"), encoding: .utf8)
        for (name, _) in KeyTables.guides {
            #expect(keysPage.contains("<!-- keys: \(name) -->"), "Docs/keys.md shows the \(name) table")
        }
    }

    @Test func aTableListsEveryBindingWithWhereItWorks() {
        let guide = KeyGuide(title: "Demo", entries: [
            KeyGuide.Entry(keys: "↑ ↓", label: "move", help: "move the selection"),
            KeyGuide.Entry(keys: "a|b", label: "pipe", help: "a key with a bar", scope: "B2"),
        ])
        #expect(KeyTables.table(guide) == """
            | key | where | what it does |
            |---|---|---|
            | ↑ ↓ | — | move the selection |
            | a\\|b | B2 | a key with a bar |
            """)
    }

    @Test func markersPairUpAndAreRewrittenInPlace() {
        let page = """
            Intro
            <!-- keys: leave-dialog -->
            stale
            <!-- /keys -->
            After
            <!-- /keys -->
            <!-- keys: launcher -->
            """
        let (blocks, problems) = KeyTables.blocks(in: page.components(separatedBy: "\n"))
        #expect(blocks.map(\.name) == ["leave-dialog"])
        #expect(problems == ["line 6: <!-- /keys --> without an opening marker", "line 7: <!-- keys: launcher --> has no <!-- /keys -->"])
        let rewritten = KeyTables.regenerated(page).components(separatedBy: "\n")
        #expect(rewritten[0] == "Intro")
        #expect(rewritten[2] == "| key | what it does |")
        #expect(rewritten.contains("| y Y | leave, dropping the unsaved changes |"))
        #expect(!rewritten.contains("stale"))
        #expect(rewritten.suffix(3) == ["After", "<!-- /keys -->", "<!-- keys: launcher -->"])
    }
}
