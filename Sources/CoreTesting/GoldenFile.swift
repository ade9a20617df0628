import Foundation

/// Checked-in files that code makes (man pages, the built-in configuration's source): compares
/// `contents` with the file at `path` under the package root and returns what is wrong, or `nil`.
/// With `SNAPSHOT_UPDATE=1` it writes the file instead (Docs/testing.md, "Snapshots").
public enum GoldenFile {
    public static func mismatch(_ contents: String, at path: String) -> String? {
        let url = packageRoot.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["SNAPSHOT_UPDATE"] == "1" {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(contents.utf8).write(to: url)
                return nil
            } catch {
                return "could not write \(path): \(error)"
            }
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return "no file \(path); run the test with SNAPSHOT_UPDATE=1 to write it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected == contents { return nil }
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let have = contents.split(separator: "\n", omittingEmptySubsequences: false)
        let row = (0..<min(want.count, have.count)).first { want[$0] != have[$0] } ?? min(want.count, have.count)
        let line = { (lines: [Substring]) in row < lines.count ? String(lines[row]) : "<end>" }
        return "\(path) is out of date (line \(row + 1): file has \(line(want)), code makes \(line(have))); "
            + "run the test with SNAPSHOT_UPDATE=1 to rewrite it, then review the diff"
    }
}
