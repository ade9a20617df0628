import AppShell
import ArticlesApp
import Core
import Glibc
import NavigationApp
import ProfileApp
import Recording
import TUI

/// No file the program writes may be one it reads or another it writes: `--replay nav.jsonl
/// --export-cast nav.jsonl` (or a hard link to it) would replace the recording with the cast,
/// `--log x --record x` would mix two files into one that no longer replays. Checked before
/// anything is opened (Docs/security.md, "Outputs never overwrite inputs").
package enum DistinctFiles {
    /// A file as the check compares it: a regular file that exists by its device and inode (so a
    /// hard link or a second path to it is the same file), one still to be made by its path with
    /// the folder's symbolic links resolved. Devices (`/dev/null`, a terminal) are never compared:
    /// two outputs may share one.
    package enum Identity: Hashable {
        case file(device: UInt, inode: UInt)
        case path(String)
    }

    /// The identity of `path`; nil for what is not a regular file or can't be made one.
    package static func identity(of path: String) -> Identity? {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else { return nil }
            return .file(device: UInt(info.st_dev), inode: UInt(info.st_ino))
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder, nil) else { return .path(path) }
        defer { free(resolved) }
        return .path(AppPaths.join(String(cString: resolved), name))
    }

    /// Refuses the first output that is an input or an earlier output, naming both flags.
    /// - Parameters:
    ///   - inputs: the files read, with their flags (`--replay`, `--config`).
    ///   - outputs: the files written, with their flags (`--log`, `--record`, `--export-cast`).
    package static func check(inputs: [(flag: String, path: String)], outputs: [(flag: String, path: String)]) throws(UsageError) {
        var seen: [(flag: String, identity: Identity, reads: Bool)] = inputs.compactMap { input in
            identity(of: input.path).map { (input.flag, $0, true) }
        }
        for output in outputs {
            guard let identity = identity(of: output.path) else { continue }
            if let earlier = seen.first(where: { $0.identity == identity }) {
                let role = earlier.reads ? "reads" : "writes"
                throw UsageError(
                    "\(output.flag) \(output.path.quoted(200)) is the file \(earlier.flag) \(role); give \(output.flag) a file of its own "
                        + "(nothing was written)")
            }
            seen.append((output.flag, identity, false))
        }
    }

    /// The files `options` reads and writes, checked.
    package static func check(_ options: LaunchOptions) throws(UsageError) {
        let inputs = [("--replay", options.replayFile), ("--config", options.configFile)]
            .compactMap { flag, path in path.map { (flag: flag, path: $0) } }
        let outputs = [("--log", options.logFile), ("--record", options.recordFile), ("--export-cast", options.castFile)]
            .compactMap { flag, path in path.map { (flag: flag, path: $0) } }
        try check(inputs: inputs, outputs: outputs)
    }
}
