import CoreTesting
import Foundation
import Testing

/// The relative links of README.md and Docs/**/*.md lead somewhere: every linked file exists and
/// every `#anchor` names a heading of the page it points to; and every file path they write in
/// code names a file or folder of the repository (Docs/testing.md, "Links").
@Suite(.timeLimit(.minutes(10))) struct DocsLinksTests {
    /// Pages that Docs/ already links to and that are being written on other branches: a link
    /// to one of them is not an error yet. When a page lands, its entry must go (the test says
    /// so), so that a link to a page that disappears later fails again.
    static let pagesUnderWay: Set<String> = []

    @Test func everyRelativeLinkInTheReadmeAndDocsResolves() {
        let checker = MarkdownLinks(root: packageRoot)
        let pages = checker.pages()
        #expect(pages.contains { $0.lastPathComponent == "README.md" })
        for problem in checker.problems(in: pages) where !Self.pagesUnderWay.contains(problem.missingFile ?? "") {
            Issue.record("broken link: \(problem)")
        }
        for page in Self.pagesUnderWay.sorted()
        where FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(page).path) {
            Issue.record("\(page) exists now: remove it from DocsLinksTests.pagesUnderWay")
        }
    }

    @Test func everyFilePathInCodeInTheReadmeAndDocsExists() {
        let paths = MarkdownPaths(root: packageRoot)
        let pages = MarkdownLinks(root: packageRoot).pages()
        #expect(pages.flatMap { page in paths.paths(in: (try? String(contentsOf: page, encoding: .utf8)) ?? "") }.count > 50,
                "the pages name many files: the checker finds them")
        for problem in paths.problems(in: pages) { Issue.record("\(problem)") }
    }

    // MARK: The checkers themselves

    @Test func pathsInCodeSpansAreFoundAndLookedUpAnywhereInTheRepository() throws {
        let folder = TemporaryDirectory()
        try write(folder, "Sources/Core/Loop/EventLoop.swift", "")
        try write(folder, "Sources/Core/Loop/EventLoop+Timers.swift", "")
        try write(folder, "Docs/guide.md", "")
        try write(folder, "README.md", """
            `Sources/Core/`, `Core/Loop/EventLoop.swift`, `EventLoop*.swift`, `Poller.swift`, `Sources/Gone/`,
            `--data-dir DIR`, `~/.config/challenge-tui`, `$XDG_DATA_HOME/x.json`, `/proc/PID/environ`,
            `application/json`, `Ctrl-A/E/U/K/W`, `1.5×`, `.build/release/challenge-bench`, `Docs/missing.md`
            ```
            `Inside/a/fence.swift`
            ```
            """)
        let paths = MarkdownPaths(root: URL(fileURLWithPath: folder.path))
        let text = try String(contentsOfFile: folder.file("README.md"), encoding: .utf8)
        #expect(paths.paths(in: text).map(\.path) == [
            "Sources/Core/", "Core/Loop/EventLoop.swift", "EventLoop*.swift", "Poller.swift", "Sources/Gone/", "Docs/missing.md",
        ])
        let problems = paths.problems(in: [URL(fileURLWithPath: folder.file("README.md"))]).map(\.description)
        #expect(problems == [
            "README.md:1: `Poller.swift` — no such file or folder in the repository",
            "README.md:1: `Sources/Gone/` — no such file or folder in the repository",
            "README.md:3: `Docs/missing.md` — no such file or folder in the repository",
        ])
    }

    @Test func brokenFilesAndAnchorsAreNamedWithTheirPageAndLine() throws {
        let folder = TemporaryDirectory()
        try write(folder, "README.md", """
            # Project

            See [the guide](Docs/guide.md), [its setup](Docs/guide.md#set-up-the-machine) and
            [a missing page](Docs/missing.md). ![Screen](Docs/pictures/screen.svg) ![Gone](Docs/pictures/gone.svg)
            [Wrong anchor](Docs/guide.md#no-such-heading) · [Here](#project) · [Not here](#nowhere)
            [Folder](Docs/) · [Web](https://example.com/x.md#y) · [Mail](mailto:a@example.com)
            [Rooted](/Docs/guide.md#faq) [Spaced](Docs/a%20page.md)
            """)
        try write(folder, "Docs/guide.md", """
            Guide
            =====

            ## Set up the machine
            ## FAQ
            Back to [the start](../README.md#project), and [up](../README.md#missing).
            """)
        try write(folder, "Docs/a page.md", "# A page\n")
        try write(folder, "Docs/pictures/screen.svg", "<svg/>")
        let checker = MarkdownLinks(root: URL(fileURLWithPath: folder.path))
        let problems = checker.problems(in: checker.pages()).map(\.description)
        #expect(problems == [
            "README.md:4: [a missing page](Docs/missing.md) — no file Docs/missing.md",
            "README.md:4: [Gone](Docs/pictures/gone.svg) — no file Docs/pictures/gone.svg",
            "README.md:5: [Wrong anchor](Docs/guide.md#no-such-heading) — no heading makes #no-such-heading in Docs/guide.md",
            "README.md:5: [Not here](#nowhere) — no heading makes #nowhere in README.md",
            "Docs/guide.md:6: [up](../README.md#missing) — no heading makes #missing in README.md",
        ])
    }

    @Test func codeIsNotReadForLinksButReferenceDefinitionsAre() {
        let links = MarkdownLinks.links(in: """
            Text with `[code](span.md)` and ``[double](span.md)``, then [real](real.md).
            ```
            [fenced](fenced.md)
            ```
            ~~~swift
            [tilde](tilde.md)
            ~~~
            [![badge](badge.svg)](target.md "title")
            [ref]: defined.md
            """)
        #expect(links.map(\.destination) == ["real.md", "badge.svg", "target.md", "defined.md"])
        #expect(links.map(\.line) == [1, 8, 8, 9])
    }

    @Test func anchorsFollowGitHubsRules() {
        #expect(MarkdownLinks.slug("Live demo tools: network inspector, fault panel, scenarios")
            == "live-demo-tools-network-inspector-fault-panel-scenarios")
        #expect(MarkdownLinks.slug("Network inspector (`n`)") == "network-inspector-n")
        #expect(MarkdownLinks.slug("`TUI` — the terminal toolkit") == "tui--the-terminal-toolkit")
        #expect(MarkdownLinks.slug("What's new in 2.0?") == "whats-new-in-20")
        #expect(MarkdownLinks.slug("The [server](server.md) and `snake_case`") == "the-server-and-snake_case")
        #expect(MarkdownLinks.slug("_Emphasis_ and **bold**") == "emphasis-and-bold")
        #expect(MarkdownLinks.slug("Größe und Ünïcode") == "größe-und-ünïcode")
        let anchors = MarkdownLinks.anchors(in: """
            # Screens and keys
            ## Screens and keys
            ### Screens and keys ###
            #NotAHeading
            ```
            # Not a heading either
            ```
            <a id="Custom-Place"></a>
            """)
        #expect(anchors == ["screens-and-keys", "screens-and-keys-1", "screens-and-keys-2", "custom-place"])
    }

    @Test func externalLinksAreLeftAlone() {
        #expect(MarkdownLinks.target(of: "https://example.com/a.md#b") == nil)
        #expect(MarkdownLinks.target(of: "mailto:someone@example.com") == nil)
        #expect(MarkdownLinks.target(of: "//cdn.example.com/x.svg") == nil)
        #expect(MarkdownLinks.target(of: "Docs/a%20b.md?plain=1#top")! == ("Docs/a b.md", "top"))
        #expect(MarkdownLinks.target(of: "#here")! == ("", "here"))
    }

    private func write(_ folder: TemporaryDirectory, _ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: folder.file(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
