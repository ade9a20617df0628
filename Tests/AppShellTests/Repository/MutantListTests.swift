import CoreTesting
import Foundation
import Testing

/// The mutation run's list (`Tests/Mutation/mutants.json`, Docs/testing.md "Mutation run") keeps
/// up with the code without building anything: every mutant's original snippet is still in its
/// file exactly once, its filter names suites that exist, and the docs list every mutant. A
/// change that moves or rewrites a mutated line fails here, in the normal suite, instead of
/// turning the mutant stale unnoticed.
@Suite(.timeLimit(.minutes(10))) struct MutantListTests {
    struct Mutant: Decodable {
        var id: String
        var file: String
        var original: String
        var replacement: String
        var why: String
        var kill: String
    }

    struct List: Decodable { var mutants: [Mutant] }

    static func load() throws -> [Mutant] {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/Mutation/mutants.json"))
        return try JSONDecoder().decode(List.self, from: data).mutants
    }

    /// The names a filter may use: test targets (folders of Tests/) and the types declared in them.
    static func testNames() throws -> Set<String> {
        let tests = packageRoot.appendingPathComponent("Tests")
        var names = Set(try FileManager.default.contentsOfDirectory(atPath: tests.path))
        let scanner = SuiteTimeLimits(root: tests)
        for file in scanner.files() {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let (name, _, _) = SuiteTimeLimits.declaration(in: String(line.drop { $0 == " " })) { names.insert(name) }
            }
        }
        return names
    }

    @Test func everyMutantStillAppliesToExactlyOnePlace() throws {
        let mutants = try Self.load()
        #expect(mutants.count >= 25)
        #expect(Set(mutants.map(\.id)).count == mutants.count, "ids are unique")
        for mutant in mutants {
            let path = packageRoot.appendingPathComponent(mutant.file).path
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                Issue.record("\(mutant.id): no file \(mutant.file)")
                continue
            }
            let count = text.components(separatedBy: mutant.original).count - 1
            #expect(!mutant.original.isEmpty && count == 1,
                    "\(mutant.id): its original occurs \(count) times in \(mutant.file); update Tests/Mutation/mutants.json")
            #expect(mutant.replacement != mutant.original, "\(mutant.id) changes nothing")
            #expect(!mutant.why.isEmpty, "\(mutant.id) says why it matters")
            #expect(mutant.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(mutant.id): lower-case words and hyphens")
        }
    }

    @Test func everyFilterNamesSuitesThatExist() throws {
        let names = try Self.testNames()
        for mutant in try Self.load() {
            let alternatives = mutant.kill.split(separator: "|").map(String.init)
            #expect(!alternatives.isEmpty, "\(mutant.id) names the tests that kill it")
            for name in alternatives where !names.contains(name) {
                Issue.record("\(mutant.id): no suite or test target \(name) under Tests/")
            }
        }
    }

    @Test func theDocsListEveryMutant() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Docs/testing.md"), encoding: .utf8)
        for mutant in try Self.load() where !page.contains("`\(mutant.id)`") {
            Issue.record("Docs/testing.md doesn't list the mutant `\(mutant.id)` (Mutation run)")
        }
    }
}
