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
    expectGoldenFile(
        text + "\n", at: file, howToWrite: "run with SNAPSHOT_UPDATE=1 to write it, then review it",
        sourceLocation: sourceLocation
    ) { expected in
        var expected = expected
        if expected.hasSuffix("\n") { expected.removeLast() }
        return "the screen differs from \(file.lastPathComponent):\n\(firstDifference(expected: expected, actual: text))"
    }
}

/// The mechanism under every golden file (screen snapshots, the pictures in Docs/pictures):
/// with `SNAPSHOT_UPDATE=1` it writes `contents` to `file`; otherwise it records an issue when
/// the file is missing (saying `howToWrite`) or differs (saying what `mismatch` makes of the
/// file's contents).
func expectGoldenFile(
    _ contents: String, at file: URL, howToWrite: String, sourceLocation: SourceLocation,
    mismatch: (_ expected: String) -> String
) {
    if ProcessInfo.processInfo.environment["SNAPSHOT_UPDATE"] == "1" {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: file)
        } catch {
            Issue.record("could not write \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
        Issue.record("no file \(file.path); \(howToWrite)", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard contents != expected else { return }
    Issue.record(Comment(rawValue: mismatch(expected)), sourceLocation: sourceLocation)
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
func firstDifference(expected: String, actual: String) -> String {
    let want = expected.components(separatedBy: "\n"), have = actual.components(separatedBy: "\n")
    for row in 0..<max(want.count, have.count) {
        let a = row < want.count ? want[row] : "(no row)", b = row < have.count ? have[row] : "(no row)"
        if a != b { return "row \(row)\n  expected: \(a)\n  actual:   \(b)\nthe screen was:\n\(actual)" }
    }
    return actual
}
