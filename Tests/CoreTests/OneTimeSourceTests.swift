import Foundation
import Testing

/// Only `TimeSource` reads the system's clocks (Docs/architecture.md, "Time"): every other
/// reading of time in production code goes through it, so one manual clock drives it all in
/// tests and a recording's timestamps are the only times there are.
@Suite struct OneTimeSourceTests {
    /// What reads a clock directly.
    static let readings = [
        "Date()", "Date.now", "ContinuousClock", "SuspendingClock", "clock_gettime", "gettimeofday",
        "CFAbsoluteTimeGetCurrent", "DispatchTime.now", "time(nil)",
    ]
    /// Where a reading is allowed: the time source itself, the test doubles, and the bench,
    /// which measures the real binaries from outside.
    static let exempt = ["Sources/Core/Time/TimeSource.swift", "Sources/CoreTesting/", "Sources/TUITesting/", "Sources/challenge-bench/"]

    @Test func noProductionCodeReadsAClockButTheTimeSource() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.map { "Sources/" + $0 }
        #expect(files.count > 100, "the sources were found")
        var found: [String] = []
        for file in files where !Self.exempt.contains(where: { file.hasPrefix($0) }) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for reading in Self.readings(in: String(line)) {
                    found.append("\(file):\(number + 1): \(reading)")
                }
            }
        }
        #expect(found.isEmpty, "read the time from the injected TimeSource instead:\n\(found.joined(separator: "\n"))")
    }

    /// The readings in one line of code (comments aside), each where it starts a name: a
    /// `releaseDate()` is not a `Date()`.
    static func readings(in line: String) -> [String] {
        let code = line.components(separatedBy: "//").first ?? ""
        return readings.filter { reading in
            var rest = code[...]
            while let range = rest.range(of: reading) {
                let before = code[..<range.lowerBound].last
                if before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
                rest = code[range.upperBound...]
            }
            return false
        }
    }

    @Test func theCheckFindsAReadingWhereThereIsOne() {
        #expect(Self.readings(in: "let started = ContinuousClock.now  // how long it took") == ["ContinuousClock"])
        #expect(Self.readings(in: "stamp = Date()") == ["Date()"])
        #expect(Self.readings(in: "let date = releaseDate()").isEmpty)
        #expect(Self.readings(in: "// Date() in a comment").isEmpty)
    }
}
