import CoreTesting
import Foundation
import Testing
import ShippedConfiguration

/// `Config/` is the one source of truth: the built-in configuration compiled into the programs
/// is its files' text, and this test fails when they differ (SNAPSHOT_UPDATE=1 rewrites the
/// Swift file from `Config/`; Docs/configuration.md).
@Suite(.timeLimit(.minutes(10))) struct BuiltInConfigurationTests {
    static let generatedFile = "Sources/ShippedConfiguration/BuiltInConfiguration.swift"

    /// The Swift source holding `Config/scenarios/*.json` as text. (`Config/default.json` is
    /// the settings' declared defaults, which `AppConfigurationTests` compares with it: the
    /// programs need no copy of its text.)
    static func source() throws -> String {
        let config = packageRoot.appendingPathComponent("Config")
        let folder = config.appendingPathComponent("scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        func literal(_ text: String, indent: String) throws -> String {
            // A raw string: the JSON's quotes and backslashes stay as they are.
            guard !text.contains("\"\"\"#") else { throw CocoaError(.fileReadCorruptFile) }
            var body = text
            if body.hasSuffix("\n") { body.removeLast() }
            let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : indent + $0 }
            return "#\"\"\"\n" + lines.joined(separator: "\n") + "\n\(indent)\"\"\"#"
        }
        var out = """
            // Made from Config/ by BuiltInConfigurationTests; do not edit. After changing a file in
            // Config/, run `SNAPSHOT_UPDATE=1 swift test --filter BuiltInConfigurationTests`.

            /// Every shipped scenario as the text of its file in `Config/scenarios/`, compiled in, so an
            /// installed program needs no file beside it; their contents are read by the modules that
            /// own them (Docs/configuration.md, "Where settings come from").
            public enum BuiltInConfiguration {
                /// `Config/scenarios/<name>.json`, by name.
                public static let scenarios: [String: String] = [

            """
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".json"), encoding: .utf8)
            out += "        \"\(name)\": \(try literal(text, indent: "            ")),\n"
        }
        out += "    ]\n}\n"
        return out
    }

    @Test func theCompiledInTextIsConfigsFiles() throws {
        let mismatch = GoldenFile.mismatch(try Self.source(), at: Self.generatedFile)
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func everyShippedFileIsThere() throws {
        let folder = packageRoot.appendingPathComponent("Config/scenarios").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        #expect(BuiltInConfiguration.scenarios.keys.sorted() == files.map { String($0.dropLast(5)) }.sorted())
        for name in BuiltInConfiguration.scenarios.keys {
            let file = try String(contentsOfFile: folder + "/\(name).json", encoding: .utf8)
            #expect(BuiltInConfiguration.scenarios[name].map { $0 + "\n" } == file || BuiltInConfiguration.scenarios[name] == file)
        }
    }
}
