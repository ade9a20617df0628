import Foundation

/// The app as `make install` leaves it, as dialog is measured as its package left it: a copy
/// written with plain writes, not the file the linker wrote. lld writes its output through a
/// memory mapping, and the kernel keeps such a file in the page cache in small pieces; each start
/// of the linker's own file then takes more page faults mapping its code, about 0.4 ms more on
/// the bench's machine (Docs/performance.md, "The fourth round: the file as installed").
enum InstalledCopy {
    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Copies the executable at `source` into `directory` (made if missing) under the same name,
    /// mode 0755, and returns the copy's path.
    static func install(_ source: String, into directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let destination = directory + "/" + (source as NSString).lastPathComponent
        guard let input = FileHandle(forReadingAtPath: source) else {
            throw Failure(description: "cannot read \(source)")
        }
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: destination, contents: nil, attributes: [.posixPermissions: 0o755]),
              let output = FileHandle(forWritingAtPath: destination)
        else { throw Failure(description: "cannot write \(destination)") }
        defer { try? output.close() }
        while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
        return destination
    }
}
