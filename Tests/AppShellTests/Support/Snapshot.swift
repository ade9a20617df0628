import Foundation
import Testing

/// Golden files for screens: `expectSnapshot(app.screen, named: "a-fetching")` compares the text
/// with `__Snapshots__/<test file>/a-fetching.txt` beside the test file, and on a mismatch
/// shows the first lines that differ. Run with `SNAPSHOT_UPDATE=1` to write the files from what
/// the code draws now, then review them with `git diff` (Docs/testing.md, "Snapshots").
func expectSnapshot(
    _ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let file = snapshotFile(named: name, testFile: filePath)
    if ProcessInfo.processInfo.environment["SNAPSHOT_UPDATE"] == "1" {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((text + "\n").utf8).write(to: file)
        } catch {
            Issue.record("could not write the snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
        Issue.record(
            "no snapshot \(file.path); run with SNAPSHOT_UPDATE=1 to write it, then review it", sourceLocation: sourceLocation)
        return
    }
    var expected = String(decoding: data, as: UTF8.self)
    if expected.hasSuffix("\n") { expected.removeLast() }
    guard text != expected else { return }
    Issue.record(
        "the screen differs from \(file.lastPathComponent):\n\(firstDifference(expected: expected, actual: text))",
        sourceLocation: sourceLocation)
}

/// `__Snapshots__/<test file's name>/<name>.txt` beside the test file.
func snapshotFile(named name: String, testFile: String) -> URL {
    let test = URL(fileURLWithPath: testFile)
    return test.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
        .appendingPathComponent(name + ".txt")
}

/// The first differing line of two screens, with its row number, both ways.
private func firstDifference(expected: String, actual: String) -> String {
    let want = expected.components(separatedBy: "\n"), have = actual.components(separatedBy: "\n")
    for row in 0..<max(want.count, have.count) {
        let a = row < want.count ? want[row] : "(no row)", b = row < have.count ? have[row] : "(no row)"
        if a != b { return "row \(row)\n  expected: \(a)\n  actual:   \(b)\nthe screen was:\n\(actual)" }
    }
    return actual
}
