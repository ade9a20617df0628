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

/// The picture of what is clickable in Docs/mouse-and-paste.md, drawn from the real hit map:
/// the page can't drift from the code.
@Suite(.timeLimit(.minutes(10))) struct ClickMapPictureTests {
    /// The screen with only what a click does something on: its characters, `░` for its blank
    /// cells (a single space between two words stays a space); everything else left out.
    static func clickMap(_ app: ShellHarness) -> String {
        let canvas = app.terminal.canvas
        let hitMap = app.shell.hitMap
        func clickable(_ x: Int, _ y: Int) -> Bool {
            hitMap.targets(at: Point(x: x, y: y)).contains { target in
                if let keys = target as? KeyTarget { return keys.click != nil }
                return !(target is InspectorPanel.Target)
            }
        }
        func isText(_ x: Int, _ y: Int) -> Bool { canvas[x, y].character != " " && clickable(x, y) }
        var rows: [String] = []
        for y in 0..<canvas.size.height {
            var row = ""
            for x in 0..<canvas.size.width where !canvas[x, y].isContinuation {
                let character = canvas[x, y].character
                if !clickable(x, y) {
                    row.append(" ")
                } else if character != " " || (isText(x - 1, y) && isText(x + 1, y)) {
                    row.append(character)
                } else {
                    row.append("░")
                }
            }
            while row.last == " " { row.removeLast() }
            rows.append(row)
        }
        return rows.joined(separator: "\n")
    }

    /// The fenced block after `<!-- picture: name -->` in the page.
    static func picture(named name: String) throws -> String {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Docs/mouse-and-paste.md"), encoding: .utf8)
        guard let marker = page.range(of: "<!-- picture: \(name) -->"),
              let open = page.range(of: "```text\n", range: marker.upperBound..<page.endIndex),
              let close = page.range(of: "\n```", range: open.upperBound..<page.endIndex)
        else { throw HarnessFailure(description: "no picture '\(name)' in Docs/mouse-and-paste.md") }
        return String(page[open.upperBound..<close.lowerBound])
    }

    @Test func theProfilePicturesAreWhatTheAppDrawsAndItsHitMapSays() async throws {
        let app = try await ShellHarness.loadedProfile(entering: false)
        let screen = app.screen
        #expect(screen == (try Self.picture(named: "profile-screen")), "Docs/mouse-and-paste.md shows another screen; the code draws:\n\(screen)")
        let clicks = Self.clickMap(app)
        #expect(clicks == (try Self.picture(named: "profile-clicks")), "Docs/mouse-and-paste.md shows another picture; the code draws:\n\(clicks)")
    }
}
