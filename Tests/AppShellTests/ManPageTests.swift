@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import CommandLineKit
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

/// challenge-tui(1) is made from the same declarations as `--help`; the checked-in page is what
/// the code makes now, and groff renders it without a warning (Docs/installing.md).
@Suite(.timeLimit(.minutes(10))) struct ManPageTests {
    static let page = ManPage.render(LaunchInterface.manPage)
    static let file = "Docs/man/challenge-tui.1"

    @Test func theCheckedInPageIsTheGeneratedOne() {
        let mismatch = GoldenFile.mismatch(Self.page, at: Self.file)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Only the man pages are installed, not the project's Docs folder (Docs/installing.md).
    @Test func thePageNamesNoFileThatIsNotInstalled() {
        #expect(!Self.page.contains("Docs/") && !Self.page.contains(".md"))
    }

    @Test func everyOptionIsInTheHelpAndThePageAndNothingElseIs() {
        let help = LaunchArguments.usage
        let declared = Set(LaunchInterface.interface.options.flatMap(\.spellings))
        for option in declared {
            #expect(help.contains(option + " ") || help.contains(option + "\n") || help.contains(option + "]") || help.contains(option + ","), "\(option) in --help")
            #expect(Self.page.contains(ManPage.escape(option) + #"\fR"#), "\(option) in the man page")
        }
        // Every option either mentions is one that exists.
        for mentioned in Self.options(in: help) { #expect(declared.contains(mentioned), "\(mentioned) in --help is declared") }
        let plain = Self.page.replacingOccurrences(of: #"\-"#, with: "-").replacingOccurrences(of: #"\fB"#, with: "")
            .replacingOccurrences(of: #"\fR"#, with: "")
        for mentioned in Self.options(in: plain) { #expect(declared.contains(mentioned), "\(mentioned) in the man page is declared") }
    }

    @Test func thePageHasTheSectionsAManPageNeeds() {
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            #expect(Self.page.contains("\n.SH \(section)\n"), "\(section)")
        }
        for variable in ["NO_COLOR", "CHALLENGE_TUI_DATA_DIR", "CHALLENGE_TUI_KEY", "CHALLENGE_TUI_TOKEN", "XDG_CONFIG_HOME"] {
            #expect(Self.page.contains(variable), "\(variable)")
        }
    }

    /// KEYS is the README's key summary: every screen's keys from their declarations.
    @Test func theKeysSectionIsWrittenFromTheKeyDeclarations() {
        let keys = LaunchInterface.manPage.keys
        #expect(keys.map(\.term) == KeyReference.summary(for: Challenge.all).map(\.place))
        #expect(keys.map(\.term).prefix(2) == ["Everywhere", "Launcher"])
        let launcher = LauncherScreen.keyMap(challenges: Challenge.all).guide
        for entry in launcher.entries {
            #expect(keys[1].meaning.contains("\(entry.keys) \(entry.label)"), "\(entry.keys)")
        }
        #expect(LaunchInterface.interface.keys.isEmpty, "made for the man page only, not at start")
    }

    @Test(.enabled(if: Groff.path != nil, "groff is not installed here; .ci/run installs it"))
    func groffRendersThePageWithoutWarnings() async throws {
        let page = Self.page
        let (warnings, text) = try await offThePool { try Groff.render(page) }
        #expect(warnings == "")
        #expect(text.contains("EXIT STATUS"))
        #expect(text.contains("CHALLENGE-TUI(1)"))
    }

    /// `--words` in `text`.
    static func options(in text: String) -> Set<String> {
        var found = Set<String>()
        let characters = Array(text)
        var index = 0
        while index + 2 < characters.count {
            if characters[index] == "-", characters[index + 1] == "-", characters[index + 2].isLetter,
               index == 0 || !(characters[index - 1].isLetter || characters[index - 1] == "-") {
                var end = index + 2
                while end < characters.count, characters[end].isLetter || characters[end] == "-" { end += 1 }
                found.insert(String(characters[index..<end]))
                index = end
            } else {
                index += 1
            }
        }
        return found
    }
}
