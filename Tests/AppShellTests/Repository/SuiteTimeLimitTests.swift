import CoreTesting
import Foundation
import Testing

/// Every suite under Tests/ carries a `.timeLimit`, so a change that breaks a wait (a manual
/// clock nobody advances, a server that never answers) ends the run with a failure instead of
/// hanging it (Docs/testing.md, "Time in tests"). The rule is `SuiteTimeLimits`'.
@Suite(.timeLimit(.minutes(10))) struct SuiteTimeLimitTests {
    @Test func everySuiteUnderTestsHasATimeLimit() throws {
        let scanner = SuiteTimeLimits(root: packageRoot.appendingPathComponent("Tests"))
        #expect(scanner.files().count > 100)
        for missing in try scanner.missing() {
            Issue.record("\(missing.description): add .timeLimit(.minutes(N)) to its @Suite")
        }
    }

    // MARK: The scanner itself

    @Test func suitesWithoutALimitAreNamedWithTheirFileAndLine() throws {
        let folder = TemporaryDirectory()
        try write(folder, "A/Limited.swift", """
            import Testing

            @Suite(.serialized, .timeLimit(.minutes(10))) struct Limited {
                @Test func a() {}
                struct Nested { @Test func b() {} }
            }
            """)
        try write(folder, "A/Unlimited.swift", """
            @Suite struct Unlimited {
                @Test func a() {}
            }

            @Suite(.serialized)
            final class SerializedOnly {}

            struct Implicit {
                @Test("named", arguments: [1]) func a(_ x: Int) {}
            }

            @Suite(
                "spread over lines",
                .timeLimit(.minutes(10))
            )
            struct Spread { @Test func a() {} }

            @Test func free() {}
            @Test(.timeLimit(.minutes(10))) func limitedFree() {}
            """)
        try write(folder, "B/Helpers.swift", """
            struct Helper { func isNotATest() {} }
            extension Helper { func stillNotATest() {} }
            extension Limited { @Test func c() {} }
            extension ElsewhereDeclared { @Test func d() {} }
            extension Lost { @Test func e() {} }
            """)
        try write(folder, "B/Elsewhere.swift", "public struct ElsewhereDeclared {}\n")
        let missing = try SuiteTimeLimits(root: URL(fileURLWithPath: folder.path)).missing().map(\.description)
        #expect(missing == [
            "A/Unlimited.swift:1: Unlimited has no .timeLimit",
            "A/Unlimited.swift:6: SerializedOnly has no .timeLimit",
            "A/Unlimited.swift:8: Implicit has no .timeLimit",
            "A/Unlimited.swift:18: @Test at the top level has no .timeLimit",
            "B/Elsewhere.swift:1: ElsewhereDeclared has no .timeLimit",
        ])
    }

    private func write(_ folder: TemporaryDirectory, _ name: String, _ text: String) throws {
        let url = URL(fileURLWithPath: folder.file(name))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
