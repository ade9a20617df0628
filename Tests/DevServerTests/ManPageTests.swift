import CommandLineKit
import Core
import CoreTesting
import Foundation
import Testing
@testable import DevServer

/// challenge-server(1) is made from the same declarations as `--help`; the checked-in page is
/// what the code makes now, and groff renders it without a warning (Docs/installing.md).
@Suite(.timeLimit(.minutes(10))) struct ServerManPageTests {
    static let page = ManPage.render(ServerInterface.interface)

    @Test func theCheckedInPageIsTheGeneratedOne() {
        let mismatch = GoldenFile.mismatch(Self.page, at: "Docs/man/challenge-server.1")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    /// Only the man pages are installed, not the project's Docs folder (Docs/installing.md).
    @Test func thePageNamesNoFileThatIsNotInstalled() {
        #expect(!Self.page.contains("Docs/") && !Self.page.contains(".md"))
    }

    @Test func everyOptionIsInTheHelpAndThePage() {
        for option in ServerInterface.interface.options.flatMap(\.spellings) {
            #expect(Usage.text.contains(option), "\(option) in --help")
            #expect(Self.page.contains(ManPage.escape(option) + #"\fR"#), "\(option) in the man page")
        }
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            #expect(Self.page.contains("\n.SH \(section)\n"), "\(section)")
        }
        #expect(Self.page.contains(ServerCommand.secretVariable) && Self.page.contains(ServerCommand.passwordVariable))
    }

    @Test(.enabled(if: Groff.path != nil, "groff is not installed here; .ci/run installs it"))
    func groffRendersThePageWithoutWarnings() async throws {
        let page = Self.page
        let (warnings, text) = try await offThePool { try Groff.render(page) }
        #expect(warnings == "")
        #expect(text.contains("CHALLENGE-SERVER(1)") && text.contains("EXIT STATUS"))
    }
}
